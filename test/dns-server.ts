import dns2 from 'dns2';

const { Packet } = dns2;

export type TestRecordType = 'CNAME' | 'A' | 'AAAA';

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  /** Publishes a record (replacing that name's records of the same type). */
  publish(name: string, type: TestRecordType, value: string): void;
  /** Withdraws a name's records of a type (all types when none is given). */
  withdraw(name: string, type?: TestRecordType): void;
  close(): Promise<void>;
}

/** A real DNS server over UDP on 127.0.0.1 and a random port, answering the records a test sets. */
export async function startDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, Map<TestRecordType, string>>();
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    // dns2's types ask for a Resource class; its encoder takes these plain records.
    const answer = (record: object) =>
      response.answers.push(record as (typeof response.answers)[number]);
    for (const question of request.questions) {
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const held = records.get(name);
      if (!held) continue;
      const cname = held.get('CNAME');
      if (question.type === Packet.TYPE.CNAME && cname) {
        answer({
          name: question.name,
          type: Packet.TYPE.CNAME,
          class: Packet.CLASS.IN,
          ttl: 1,
          domain: cname,
        });
      }
      for (const type of ['A', 'AAAA'] as const) {
        if (question.type !== Packet.TYPE[type]) continue;
        // Like a recursive resolver, an address question about an alias is answered with the
        // CNAME and its target's addresses (an ACME CA's lookup needs those).
        const target = cname ? records.get(cname.toLowerCase()) : held;
        const address = target?.get(type);
        if (cname && address) {
          answer({
            name: question.name,
            type: Packet.TYPE.CNAME,
            class: Packet.CLASS.IN,
            ttl: 1,
            domain: cname,
          });
        }
        if (address) {
          answer({
            name: cname ?? question.name,
            type: Packet.TYPE[type],
            class: Packet.CLASS.IN,
            ttl: 1,
            address,
          });
        }
      }
    }
    send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address();
  return {
    address: `127.0.0.1:${port}`,
    publish(name, type, value) {
      const key = name.toLowerCase();
      const held = records.get(key) ?? new Map<TestRecordType, string>();
      held.set(type, value);
      records.set(key, held);
    },
    withdraw(name, type) {
      const key = name.toLowerCase();
      if (type) records.get(key)?.delete(type);
      else records.delete(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
