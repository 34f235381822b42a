// The platform's own name, as visitors and users read it. White-labelled sites must never show
// it, so the tests that check them take it from here.
export const PRODUCT_NAME = 'Artifact Host';
