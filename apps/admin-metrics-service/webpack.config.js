// Build configuration shared by the Nest apps (tools/ is no project, so the module-boundary rule does not apply).
// eslint-disable-next-line @nx/enforce-module-boundaries
const { nestAppConfig } = require('../../tools/webpack/nest-app.cjs');

module.exports = nestAppConfig('admin-metrics-service');
