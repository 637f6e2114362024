/** Maps the workspace's @veolearn/* path aliases (tsconfig.base.json) for Jest. */
const { compilerOptions } = require('./tsconfig.base.json');
const path = require('node:path');

module.exports = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias.replace('/', '\\/')}$`, path.join(__dirname, target)]),
);
