/** SWC options for Jest: TypeScript with the decorator metadata Nest and TypeORM need. */
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: false },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
