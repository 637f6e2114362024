// Component tests: findBy*/waitFor wait up to 5 s (the default 1 s fails on a busy machine, not on a bug).
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 5000 });
