export interface VendorSpecifier {
  /** File name inside the vendor folder, e.g. 'react-5XJ2K3.js'. */
  file: string;
  pkg: string;
  version: string;
  /** Source text of kit files behind this specifier, scanned for Tailwind classes. */
  classSource?: string;
}

export interface VendorFileInfo {
  imports: string[];
  sha256: string;
  size: number;
}

export interface VendorMap {
  key: string;
  builtAt: string;
  specifiers: Record<string, VendorSpecifier>;
  files: Record<string, VendorFileInfo>;
  /** The page runtime (window.storage, window.claude, window.fs), a classic script. */
  runtime: string;
}
