// @ts-check
'use strict';
/**
 * Jest globalSetup of the API and browser tests: makes sure the migrated template database of this
 * build exists before any spec starts a stack (see prepareTestDatabase), so building it (the five
 * migrations, once per build) never counts against a spec's hook timeout.
 */
const { prepareTestDatabase } = require('./index.js');

module.exports = async () => {
  await prepareTestDatabase({});
};
