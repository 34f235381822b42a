import type { FakePackage } from './npm-registry';

// Every CDN the self-hosting tests link to is answered by a loopback npm registry with these
// small stand-in packages: the builder must find each file as the CDN would, and serve the very
// same bytes itself.

export const REACT_UMD = 'window.React={version:"18.3.1"};';
export const LEAFLET_CSS =
  '.leaflet-marker-icon{background:url(images/marker-icon.png)}\n.leaflet-control-layers-toggle{background-image:url("images/layers.png")}';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

export const CDN_PACKAGES: FakePackage[] = [
  { name: 'react', version: '17.0.2', files: { 'umd/react.production.min.js': 'old' } },
  { name: 'react', version: '18.3.1', files: { 'umd/react.production.min.js': REACT_UMD } },
  { name: 'react', version: '19.0.0', files: { 'index.js': 'cjs' }, latest: true },
  {
    name: 'chart.js',
    version: '4.4.1',
    files: {
      'package.json': '{"name":"chart.js","version":"4.4.1","jsdelivr":"./dist/chart.umd.js"}',
      'dist/chart.umd.js': 'window.Chart=function(){};',
    },
  },
  {
    name: 'leaflet',
    version: '1.9.4',
    files: {
      'dist/leaflet.css': LEAFLET_CSS,
      'dist/leaflet.js': 'window.L={};',
      'dist/images/marker-icon.png': PNG,
      'dist/images/layers.png': PNG,
      'dist/images/marker-shadow.png': PNG,
    },
  },
  { name: 'three', version: '0.128.0', files: { 'build/three.min.js': 'window.THREE={};' } },
  {
    name: 'lodash',
    version: '4.17.21',
    files: { 'lodash.js': 'window._ = { sum: function (a) { return a; } };' },
  },
  { name: 'd3', version: '7.9.0', files: { 'dist/d3.min.js': 'window.d3={};' } },
  // CommonJS, as react is: named exports only visible to a lexer
  {
    name: 'tiny-react',
    version: '18.2.0',
    files: {
      'index.js': "module.exports = require('./cjs/tiny-react.production.js');",
      'cjs/tiny-react.production.js':
        "exports.useCounter = function () { return 42; }; exports.version = '18.2.0';",
    },
  },
  {
    name: 'tiny-react-dom',
    version: '18.2.0',
    files: {
      'package.json':
        '{"name":"tiny-react-dom","version":"18.2.0","dependencies":{"tiny-react":"^18.0.0","tiny-scheduler":"^1.0.0"}}',
      'client.js':
        "var R = require('tiny-react'); var S = require('tiny-scheduler'); exports.render = function () { return 'rendered by ' + R.version + S.tick; };",
    },
  },
  { name: 'tiny-scheduler', version: '1.0.0', files: { 'index.js': "exports.tick = '!';" } },
  // cdnjs names these as npm does; no list of ours has them
  {
    name: 'matter-js',
    version: '0.19.0',
    files: { 'build/matter.min.js': 'window.Matter={};' },
  },
  {
    name: 'leaflet.markercluster',
    version: '1.5.3',
    files: {
      'dist/MarkerCluster.css': '.marker-cluster-small{background:url(images/cluster.png)}',
      'dist/images/cluster.png': PNG,
      'dist/leaflet.markercluster.js': 'L.markerClusterGroup=function(){};',
    },
  },
  // Firebase's files import each other by their gstatic URL, as the CDN serves them
  {
    name: 'firebase',
    version: '10.12.2',
    files: {
      'firebase-app.js': 'export const initializeApp = (o) => ({ name: "[DEFAULT]", options: o });',
      'firebase-auth.js':
        'import{initializeApp as i}from"https://www.gstatic.com/firebasejs/10.12.2/firebase-app.js";export const getAuth=(a)=>({app:a,i});',
      'firebase-firestore.js':
        'import{initializeApp}from"https://www.gstatic.com/firebasejs/10.12.2/firebase-app.js";export const getFirestore=(a)=>({a});',
      'firebase-storage.js': 'export const unused = 1;',
    },
  },
  {
    name: 'tiny3',
    version: '0.160.0',
    files: {
      'build/tiny3.module.js': 'export const Scene = class {};',
      'examples/jsm/controls/Orbit.js':
        "import { Scene } from 'tiny3';\nimport { clamp } from '../utils/math.js';\nexport class Orbit { constructor() { this.s = new Scene(); this.c = clamp; } }",
      'examples/jsm/utils/math.js': 'export const clamp = (x) => x;',
      'examples/jsm/unused/Big.js': 'export const big = 1;',
    },
  },
  {
    name: '@fontsource/lora',
    version: '5.1.0',
    files: {
      '400.css': '@font-face{font-family:Lora;src:url(./files/lora-latin-400-normal.woff2)}',
      '400-italic.css':
        '@font-face{font-family:Lora;font-style:italic;src:url(./files/lora-latin-400-italic.woff2)}',
      '700.css': '@font-face{font-family:Lora;src:url(./files/lora-latin-700-normal.woff2)}',
      'files/lora-latin-400-normal.woff2': 'w400',
      'files/lora-latin-400-italic.woff2': 'w400i',
      'files/lora-latin-700-normal.woff2': 'w700',
    },
  },
  {
    name: '@fontsource/material-icons',
    version: '5.3.0',
    files: {
      '400.css': "@font-face{font-family:'Material Icons';src:url(./files/mi.woff2)}",
      'files/mi.woff2': 'mi',
    },
  },
  {
    name: '@fontsource/open-sans',
    version: '5.1.0',
    files: {
      '600.css': '@font-face{font-family:"Open Sans";src:url(./files/os-600.woff2)}',
      'files/os-600.woff2': 'os',
    },
  },
];
