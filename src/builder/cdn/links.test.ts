import { describe, expect, it } from 'vitest';
import { fontsourceFiles, readGoogleFontsUrl } from './google-fonts';
import { readCdnLink } from './links';

describe('CDN links read as npm packages', () => {
  it.each([
    [
      'https://unpkg.com/react@18/umd/react.production.min.js',
      'react',
      '18',
      'umd/react.production.min.js',
    ],
    ['https://unpkg.com/@babel/standalone/babel.min.js', '@babel/standalone', '', 'babel.min.js'],
    ['//unpkg.com/leaflet@1.9.4', 'leaflet', '1.9.4', null],
    [
      'https://cdn.jsdelivr.net/npm/chart.js@4.4.1/dist/chart.umd.min.js',
      'chart.js',
      '4.4.1',
      'dist/chart.umd.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/three.js/r128/three.min.js',
      'three',
      '0.128.0',
      'three.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.4.0/css/all.min.css',
      '@fortawesome/fontawesome-free',
      '6.4.0',
      'css/all.min.css',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/babel-standalone/6.26.0/babel.min.js',
      'babel-standalone',
      '6.26.0',
      'babel.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/babel-standalone/7.23.5/babel.min.js',
      '@babel/standalone',
      '7.23.5',
      'babel.min.js',
    ],
    ['https://d3js.org/d3.v7.min.js', 'd3', '7', 'dist/d3.min.js'],
    ['https://code.jquery.com/jquery-3.7.1.min.js', 'jquery', '3.7.1', 'dist/jquery.min.js'],
    [
      'https://ajax.googleapis.com/ajax/libs/jquery/3.6.0/jquery.min.js',
      'jquery',
      '3.6.0',
      'jquery.min.js',
    ],
    [
      'https://ajax.googleapis.com/ajax/libs/threejs/r84/three.min.js',
      'three',
      '0.84.0',
      'three.min.js',
    ],
    [
      'https://stackpath.bootstrapcdn.com/bootstrap/4.5.2/css/bootstrap.min.css',
      'bootstrap',
      '4.5.2',
      'css/bootstrap.min.css',
    ],
    [
      'https://maxcdn.bootstrapcdn.com/font-awesome/4.7.0/css/font-awesome.min.css',
      'font-awesome',
      '4.7.0',
      'css/font-awesome.min.css',
    ],
    [
      'https://use.fontawesome.com/releases/v5.15.4/css/all.css',
      '@fortawesome/fontawesome-free',
      '5.15.4',
      'css/all.css',
    ],
    // a cdnjs name outside the map is tried as the npm name
    [
      'https://cdnjs.cloudflare.com/ajax/libs/matter-js/0.19.0/matter.min.js',
      'matter-js',
      '0.19.0',
      'matter.min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/gl-matrix/3.4.2/gl-matrix-min.js',
      'gl-matrix',
      '3.4.2',
      'gl-matrix-min.js',
    ],
    [
      'https://cdnjs.cloudflare.com/ajax/libs/leaflet.markercluster/1.5.3/MarkerCluster.Default.min.css',
      'leaflet.markercluster',
      '1.5.3',
      'MarkerCluster.Default.min.css',
    ],
    [
      'https://www.gstatic.com/firebasejs/10.12.2/firebase-firestore.js',
      'firebase',
      '10.12.2',
      'firebase-firestore.js',
    ],
  ])('%s', (url, name, range, file) => {
    expect(readCdnLink(url)).toMatchObject({ kind: 'npm', name, range, file, esm: false });
  });

  it.each([
    ['https://esm.sh/react@18.2.0', 'react', '18.2.0', null],
    ['https://esm.sh/v135/react-dom@18.2.0/client', 'react-dom', '18.2.0', 'client'],
    ['https://cdn.skypack.dev/canvas-confetti', 'canvas-confetti', '', null],
    ['https://cdn.jsdelivr.net/npm/d3@7/+esm', 'd3', '7', null],
    ['https://unpkg.com/lit@3.1.0?module', 'lit', '3.1.0', null],
  ])('%s is an ES module build', (url, name, range, file) => {
    expect(readCdnLink(url)).toMatchObject({ kind: 'npm', name, range, file, esm: true });
  });

  it('says why a CDN URL cannot be mapped, and leaves other URLs alone', () => {
    expect(readCdnLink('https://cdn.jsdelivr.net/gh/user/repo@1/x.js')).toMatchObject({
      kind: 'unmapped',
    });
    expect(readCdnLink('https://cdnjs.cloudflare.com/ajax/libs/_not~npm/1.0/x.js')).toMatchObject({
      kind: 'unmapped',
      why: expect.stringContaining('_not~npm') as string,
    });
    expect(
      readCdnLink('https://www.gstatic.com/firebasejs/ui/6.1.0/firebase-ui-auth.js'),
    ).toMatchObject({
      kind: 'unmapped',
    });
    expect(readCdnLink('https://api.example.com/data.json')).toBeNull();
    expect(readCdnLink('images/logo.png')).toBeNull();
    expect(readCdnLink('https://cdn.tailwindcss.com?plugins=forms,typography')).toEqual({
      kind: 'tailwind-play',
      plugins: ['forms', 'typography'],
    });
  });
});

describe('Google Fonts URLs', () => {
  it('reads css2 axes: weights, italics and variable ranges', () => {
    const [inter, fraunces, mono] = readGoogleFontsUrl(
      new URL(
        'https://fonts.googleapis.com/css2?family=Inter:ital,wght@0,400;0,700;1,400&family=Fraunces:opsz,wght@9..144,300..500&family=Roboto+Mono&display=swap',
      ),
    );
    expect(inter).toMatchObject({ packageName: '@fontsource/inter', weights: [400, 700] });
    expect(fontsourceFiles(inter!).sort()).toEqual(['400-italic.css', '400.css', '700.css']);
    expect(fraunces).toMatchObject({ weights: [300, 400, 500], italic: [false] });
    expect(mono).toMatchObject({ packageName: '@fontsource/roboto-mono', weights: [400] });
  });
  it('reads the first API', () => {
    const [lora, sans] = readGoogleFontsUrl(
      new URL('https://fonts.googleapis.com/css?family=Lora:400,700,400italic|Open+Sans'),
    );
    expect(fontsourceFiles(lora!).sort()).toEqual(['400-italic.css', '400.css', '700.css']);
    expect(sans).toMatchObject({ packageName: '@fontsource/open-sans', weights: [400] });
  });
});
