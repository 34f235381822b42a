import * as acme from 'acme-client';

// The ACME protocol (Let's Encrypt or any CA that speaks it), through acme-client. Only this
// file talks to the CA; when to order, where keys and challenges are kept and what a failure
// means are the certificate rules' (domain/domains/certificates.ts).

export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
  expiresAt: string;
  issuedAt: string;
}

/** Where the HTTP-01 answers are kept while the CA fetches them. */
export interface Http01Answers {
  put(token: string, keyAuthorization: string): Promise<void>;
  remove(token: string): Promise<void>;
}

export interface CertificateOrder {
  directoryUrl: string;
  /** The account's private key, PEM. */
  accountKey: string;
  email: string | null;
  domain: string;
  answers: Http01Answers;
}

/** A new private key for an ACME account, PEM. */
export async function newAccountKey(): Promise<string> {
  return (await acme.crypto.createPrivateEcdsaKey('P-256')).toString();
}

/** One order for a certificate of `order.domain`, proven over HTTP-01; throws when it fails. */
export async function orderCertificate(order: CertificateOrder): Promise<IssuedCertificate> {
  const client = new acme.Client({
    directoryUrl: order.directoryUrl,
    accountKey: order.accountKey,
    // A CA validates in seconds; polling for minutes (the client's default) would hold a
    // node's shutdown. An order that is not ready within about half a minute fails here
    // and is retried with backoff by the certificates job.
    backoffAttempts: 6,
    backoffMin: 1000,
    backoffMax: 10_000,
  });
  const [key, csr] = await acme.crypto.createCsr(
    { commonName: order.domain, altNames: [order.domain] },
    await acme.crypto.createPrivateEcdsaKey('P-256'),
  );
  const certPem = await client.auto({
    csr,
    ...(order.email ? { email: order.email } : {}),
    termsOfServiceAgreed: true,
    challengePriority: ['http-01'],
    // acme-client's own check would ask this node's resolver, which need not see the domain
    // as the CA does; the CA's validation is the one that counts.
    skipChallengeVerification: true,
    challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
      await order.answers.put(challenge.token, keyAuthorization);
    },
    challengeRemoveFn: async (_authz, challenge) => {
      await order.answers.remove(challenge.token);
    },
  });
  const info = acme.crypto.readCertificateInfo(certPem);
  return {
    certPem,
    keyPem: key.toString(),
    expiresAt: info.notAfter.toISOString(),
    issuedAt: info.notBefore.toISOString(),
  };
}
