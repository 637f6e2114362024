/** Node only: validating a manifest against the official XSDs (reads the schema files, runs libxml2 in WebAssembly). Kept out of the main entry, which the browser's SCORM player imports. */
export * from './lib/scorm-manifest.xsd';
