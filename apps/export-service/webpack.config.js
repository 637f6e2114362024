// Build configuration shared by the Nest apps (tools/ is no project, so the module-boundary rule does not apply).
// eslint-disable-next-line @nx/enforce-module-boundaries
const { nestAppConfig } = require('../../tools/webpack/nest-app.cjs');

// The official SCORM schemas test-scorm validates manifests against (libs/scorm validateManifestXsd
// finds them next to main.js, in dist/apps/export-service/scorm-schemas).
module.exports = nestAppConfig('export-service', { assets: [{ input: 'libs/scorm/schemas', glob: '**/*', output: 'scorm-schemas' }] });
