// npm scripts put node_modules/.bin first on PATH, so `node` here is the registry's Node 24.
// Anything else means the install did not run the `node` package's install script.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `Geekly needs Node 24 LTS, but this is Node ${process.version}.\n` +
      'Run the project through npm (npm start, npm test) after `npm ci`, which installs Node 24 into node_modules/.bin.\n' +
      'Do not install with --ignore-scripts: the `node` package needs its install script.',
  );
  process.exit(1);
}
