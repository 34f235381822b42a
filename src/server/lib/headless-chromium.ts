// How this product starts headless Chromium through Playwright: for link previews, and for the
// browser tests. One list, so both draw pages the same way.

/**
 * The features Playwright itself turns off (playwright-core's chromiumSwitches), repeated here:
 * Chromium keeps only the last --disable-features it is given, so a second one replaces
 * Playwright's whole list rather than adding to it.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Every browser window preloads the address bar's popup as a page of its own, in a renderer of
 * its own, although a headless window never shows it. Playwright opens a window per context, so
 * a run of many short visits spent a quarter of its CPU drawing popups nobody sees.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const HEADLESS_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--mute-audio',
  // WebGL (three.js artifacts) drawn in software
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];
