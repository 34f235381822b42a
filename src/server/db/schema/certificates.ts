// Certificates of custom domains, the ACME work that obtains them, and sealed installation secrets.

export interface AcmeChallengesTable {
  token: string;
  key_authorization: string;
  expires_at: string;
}

export interface CertificatesTable {
  domain: string;
  cert_pem: string;
  /** Encrypted with SECRET_KEY (lib/secret-box.ts). */
  key_pem: string;
  expires_at: string;
  issued_at: string;
}

export interface InstallationSecretsTable {
  name: string;
  /** Encrypted with SECRET_KEY. */
  value: string;
  created_at: string;
}

export interface AcmeOrdersTable {
  id: string;
  domain: string;
  started_at: string;
}
