// cdnjs (and Google's and BootstrapCDN's library hosts) name libraries their own way; these are
// the common ones assistants link to, each with the npm package the CDN copies it from. A
// library missing here stays a CDN link (logged).

const NPM_NAME_OF: Record<string, string> = {
  react: 'react',
  'react-dom': 'react-dom',
  'react-router-dom': 'react-router-dom',
  'prop-types': 'prop-types',
  'babel-standalone': '@babel/standalone',
  'babel-core': 'babel-core',
  d3: 'd3',
  'chart.js': 'chart.js',
  'chartjs-plugin-datalabels': 'chartjs-plugin-datalabels',
  'chartjs-adapter-date-fns': 'chartjs-adapter-date-fns',
  leaflet: 'leaflet',
  'three.js': 'three',
  'lodash.js': 'lodash',
  'underscore.js': 'underscore',
  axios: 'axios',
  'moment.js': 'moment',
  'moment-timezone': 'moment-timezone',
  dayjs: 'dayjs',
  gsap: 'gsap',
  'anime.js': 'animejs',
  qrcodejs: 'qrcodejs',
  'qrcode-generator': 'qrcode-generator',
  jquery: 'jquery',
  jqueryui: 'jquery-ui',
  // the names Google's and BootstrapCDN's library hosts use
  threejs: 'three',
  d3js: 'd3',
  'font-awesome': '@fortawesome/fontawesome-free',
  bootstrap: 'bootstrap',
  'bootstrap-icons': 'bootstrap-icons',
  'animate.css': 'animate.css',
  marked: 'marked',
  'highlight.js': '@highlightjs/cdn-assets',
  mathjs: 'mathjs',
  'p5.js': 'p5',
  tone: 'tone',
  howler: 'howler',
  'fabric.js': 'fabric',
  Sortable: 'sortablejs',
  sortablejs: 'sortablejs',
  'canvas-confetti': 'canvas-confetti',
  dompurify: 'dompurify',
  papaparse: 'papaparse',
  xlsx: 'xlsx',
  'pdf.js': 'pdfjs-dist',
  jspdf: 'jspdf',
  html2canvas: 'html2canvas',
  alpinejs: 'alpinejs',
  vue: 'vue',
  apexcharts: 'apexcharts',
  echarts: 'echarts',
  'plotly.js': 'plotly.js-dist-min',
  mermaid: 'mermaid',
  katex: 'katex',
  normalize: 'normalize.css',
  tailwindcss: 'tailwindcss',
  aos: 'aos',
  'typed.js': 'typed.js',
  'particles.js': 'particles.js',
  swiper: 'swiper',
};

export interface NpmRef {
  name: string;
  range: string;
}

/** The npm package and version behind a cdnjs library, or null when we do not know it. */
export function cdnjsToNpm(library: string, version: string): NpmRef | null {
  const known =
    NPM_NAME_OF[library] ??
    Object.entries(NPM_NAME_OF).find(([k]) => k.toLowerCase() === library.toLowerCase())?.[1];
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
