// cdnjs (and Google's and BootstrapCDN's library hosts) mostly name a library as npm does
// (matter-js, gl-matrix, leaflet.markercluster): the library name is tried as the npm name.
// This map holds only the names that differ, each with the npm package the CDN copies from.

const NPM_NAME_OF: Record<string, string> = {
  'babel-standalone': '@babel/standalone',
  'three.js': 'three',
  'lodash.js': 'lodash',
  'underscore.js': 'underscore',
  'moment.js': 'moment',
  'anime.js': 'animejs',
  jqueryui: 'jquery-ui',
  // the names Google's and BootstrapCDN's library hosts use
  threejs: 'three',
  d3js: 'd3',
  'font-awesome': '@fortawesome/fontawesome-free',
  'highlight.js': '@highlightjs/cdn-assets',
  'p5.js': 'p5',
  'fabric.js': 'fabric',
  Sortable: 'sortablejs',
  'pdf.js': 'pdfjs-dist',
  'plotly.js': 'plotly.js-dist-min',
  normalize: 'normalize.css',
  'socket.io': 'socket.io-client',
  ace: 'ace-builds',
  'hammer.js': 'hammerjs',
};

/** What an npm package name may look like (lowercase, no spaces; cdnjs names are close). */
const NPM_NAME = /^[a-z0-9][a-z0-9._-]*$/;

export interface NpmRef {
  name: string;
  range: string;
}

/**
 * The npm package and version behind a cdnjs library: the map's name when it differs, else
 * the library's own name (npm then says whether it exists). Null for a name npm cannot have.
 */
export function cdnjsToNpm(library: string, version: string): NpmRef | null {
  const known =
    NPM_NAME_OF[library] ??
    Object.entries(NPM_NAME_OF).find(([k]) => k.toLowerCase() === library.toLowerCase())?.[1] ??
    (NPM_NAME.test(library.toLowerCase()) ? library.toLowerCase() : null);
  if (!known) return null;
  // three.js is released as r150 on cdnjs and 0.150.0 on npm
  const threeRelease = /^r(\d+)$/.exec(version);
  if (known === 'three' && threeRelease) return { name: known, range: `0.${threeRelease[1]}.0` };
  // Font Awesome 4 is the old package; 5 and later are @fortawesome/fontawesome-free
  if (known === '@fortawesome/fontawesome-free' && /^[0-4]\./.test(version))
    return { name: 'font-awesome', range: version };
  // babel-standalone 6 is the old package; 7 and later are @babel/standalone
  if (library === 'babel-standalone' && /^[0-6]\./.test(version))
    return { name: 'babel-standalone', range: version };
  return { name: known, range: version };
}
