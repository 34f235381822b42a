import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JoinAck } from '../../../../shared/events';
import type { SupportUpdateEvent } from '../../../../shared/support';
import { describeEachDatabase } from '../../../../../test/databases';
import {
  guestSession,
  registerUser,
  registerUserOnPlan,
  registerVerifiedUser,
  startTestServer,
  type TestServer,
} from '../../../../../test/server';
import { startTestSmtp, type TestSmtp } from '../../../../../test/smtp';
import { waitForEvent, waitUntil } from '../../../../../test/wait';
import { TICKETS_PER_ADDRESS_PER_HOUR } from '../../../domain/support/tickets';

const OPERATOR = 'ops-desk@example.com';
const SUPPORT_INBOX = 'help-inbox@example.com';
/** A 1×1 PNG: the smallest real screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Every operator route of support, with a body that would pass validation. */
const DESK_CALLS: Array<[string, string, unknown?]> = [
  ['GET', '/api/admin/support/conversations'],
  ['GET', '/api/admin/support/conversations/x'],
  ['POST', '/api/admin/support/conversations/x/messages', { body: 'hello' }],
  ['POST', '/api/admin/support/conversations/x/assign', {}],
  ['POST', '/api/admin/support/conversations/x/close', {}],
  ['POST', '/api/admin/support/conversations/x/reopen', {}],
];

describeEachDatabase('support API', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let ops: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer(dialect, {
      ADMIN_EMAILS: OPERATOR,
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: SUPPORT_INBOX,
    });
    ops = (await registerVerifiedUser(server, { email: OPERATOR }, { smtp })).token;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
    await smtp?.close();
  });

  async function connect(token: string): Promise<Socket> {
    const socket = io(server.url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return socket;
  }
  const join = (socket: Socket, event: string, id: string) =>
    new Promise<JoinAck>((resolve) => socket.emit(event, id, resolve));

  async function upload(path: string, token: string, bytes: Buffer, type = 'image/png') {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: new Uint8Array(bytes),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('stores a contact-form ticket, mails it to SUPPORT_EMAIL and acknowledges it to the sender', async () => {
    const res = await server.api('POST', '/api/contact', {
      body: {
        name: 'Vera Visitor',
        email: 'Vera@Example.com',
        type: 'billing',
        subject: 'Invoice question',
        message: 'Where do I find my invoices, please?',
      },
    });
    expect(res.status).toBe(201);
    const { id, reference } = res.body.ticket;
    expect(id).toEqual(expect.any(String));
    expect(reference).toMatch(/^S-[0-9A-Z]{8}$/);

    const inbox = await smtp.waitForMail(SUPPORT_INBOX);
    expect(inbox.subject).toBe(`[${reference}] Billing & Plans: Invoice question`);
    expect(inbox.text).toContain('Vera Visitor <vera@example.com>');
    expect(inbox.text).toContain('Where do I find my invoices, please?');
    expect(inbox.text).toContain('/admin?tab=support');
    const ack = await smtp.waitForMail('vera@example.com');
    expect(ack.subject).toBe(`We have your message (${reference})`);
    expect(ack.text).toContain('within 24 hours');

    // The operators see it in their list, with the sender's address and one unread message.
    const list = await server.api('GET', '/api/admin/support/conversations', { token: ops });
    expect(list.status).toBe(200);
    const line = list.body.conversations.find((c: { id: string }) => c.id === id);
    expect(line).toMatchObject({
      kind: 'ticket',
      reference,
      user: { email: 'vera@example.com', name: 'Vera Visitor' },
      subject: 'Invoice question',
      status: 'OPEN',
      unread: 1,
    });

    // An answer to a ticket goes to its sender by e-mail at once: they have no screen to open.
    const answered = await server.api('POST', `/api/admin/support/conversations/${id}/messages`, {
      token: ops,
      body: { body: 'Settings → Billing & Plans → Manage Billing.' },
    });
    expect(answered.status).toBe(201);
    const mailed = await smtp.waitForMail('vera@example.com', 1);
    expect(mailed.subject).toBe(`Support answered (${reference})`);
    expect(mailed.text).toContain('Settings → Billing & Plans → Manage Billing.');
    const after = await server.api('GET', '/api/admin/support/conversations', { token: ops });
    expect(after.body.conversations.find((c: { id: string }) => c.id === id).unread).toBe(0);
  });

  it('refuses a form that is not filled in, saying what is missing, and stores nothing', async () => {
    const before = await server.api('GET', '/api/admin/support/conversations', { token: ops });
    const res = await server.api('POST', '/api/contact', {
      body: { name: '', email: 'not-an-address', subject: 'x', message: 'short' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('valid email address');
    const huge = await server.api('POST', '/api/contact', {
      body: { name: 'A', email: 'a@example.com', subject: 'x', message: 'y'.repeat(5001) },
    });
    expect(huge.status).toBe(400);
    const after = await server.api('GET', '/api/admin/support/conversations', { token: ops });
    expect(after.body.conversations).toHaveLength(before.body.conversations.length);
  });

  it('gives each account its own conversation, live both ways, and never another person’s', async () => {
    const ann = await registerUser(server, { name: 'Ann' });
    const bob = await registerUser(server, { name: 'Bob' });
    const empty = await server.api('GET', '/api/support/conversation', { token: ann.token });
    expect(empty.status).toBe(200);
    expect(empty.body.conversation).toMatchObject({ status: 'OPEN', messages: [] });
    const annId = empty.body.conversation.id;

    const desk = await connect(ops);
    expect(await join(desk, 'join-support-desk', 'desk')).toEqual({ ok: true });
    const heardByDesk = waitForEvent<SupportUpdateEvent>(
      desk,
      'support-update',
      (e) => e.conversationId === annId && e.message?.from === 'user',
    );
    const sent = await server.api('POST', '/api/support/messages', {
      token: ann.token,
      body: { body: 'My deploy is stuck at 40%.' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ from: 'user', body: 'My deploy is stuck at 40%.' });
    expect((await heardByDesk).message?.body).toBe('My deploy is stuck at 40%.');

    // Bob has his own, empty conversation; he cannot read or answer Ann's.
    const bobs = await server.api('GET', '/api/support/conversation', { token: bob.token });
    expect(bobs.body.conversation.id).not.toBe(annId);
    expect(bobs.body.conversation.messages).toEqual([]);
    // A chat opened but never written in is not on the operators' list.
    const desk0 = await server.api('GET', '/api/admin/support/conversations', { token: ops });
    const listed = desk0.body.conversations.map((c: { user: { email: string } }) => c.user.email);
    expect(listed).toContain(ann.user.email);
    expect(listed).not.toContain(bob.user.email);
    expect(
      (await server.api('GET', `/api/admin/support/conversations/${annId}`, { token: bob.token }))
        .status,
    ).toBe(403);

    // The operator answers; Ann's open screen hears it at once.
    const annSocket = await connect(ann.token);
    expect(await join(annSocket, 'join-user', ann.user.id)).toEqual({ ok: true });
    // Another person's user room is refused, so nobody listens in.
    expect(await join(annSocket, 'join-user', bob.user.id)).toMatchObject({ ok: false });
    const heardByAnn = waitForEvent<SupportUpdateEvent>(
      annSocket,
      'support-update',
      (e) => e.message?.from === 'operator',
    );
    const opened = await server.api('GET', `/api/admin/support/conversations/${annId}`, {
      token: ops,
    });
    expect(opened.body.conversation.messages).toHaveLength(1);
    const answer = await server.api('POST', `/api/admin/support/conversations/${annId}/messages`, {
      token: ops,
      body: { body: 'Looking now: it is building again.' },
    });
    expect(answer.status).toBe(201);
    const live = await heardByAnn;
    expect(live).toMatchObject({
      conversationId: annId,
      message: { from: 'operator', body: 'Looking now: it is building again.' },
    });
    // Her screen confirms it, so it is not e-mailed.
    expect(
      (
        await server.api('POST', '/api/support/seen', {
          token: ann.token,
          body: { until: live.message!.createdAt },
        })
      ).status,
    ).toBe(204);
    const full = await server.api('GET', '/api/support/conversation', { token: ann.token });
    expect(full.body.conversation.messages.map((m: { from: string }) => m.from)).toEqual([
      'user',
      'operator',
    ]);
    const bobAgain = await server.api('GET', '/api/support/conversation', { token: bob.token });
    expect(bobAgain.body.conversation.messages).toEqual([]);
  });

  it('e-mails an answer the person was not there to see, with a link that opens the chat', async () => {
    const cara = await registerVerifiedUser(server, { name: 'Cara' }, { smtp });
    const mailsBefore = smtp.messages.length;
    await server.api('POST', '/api/support/messages', {
      token: cara.token,
      body: { body: 'Can I use my own domain?' },
    });
    const { body } = await server.api('GET', '/api/support/conversation', { token: cara.token });
    await server.api('POST', `/api/admin/support/conversations/${body.conversation.id}/messages`, {
      token: ops,
      body: { body: 'Yes, on Starter and Pro.' },
    });
    const mail = await waitUntil(
      () =>
        smtp.messages
          .slice(mailsBefore)
          .find((m) => m.subject?.startsWith('Support answered') && m.text?.includes('Cara')),
      { what: 'the answer e-mailed to Cara', timeoutMs: 40_000 },
    );
    expect(mail.text).toContain('Yes, on Starter and Pro.');
    expect(mail.text).toContain(`${server.ctx.config.appOrigin}/dashboard?support=open`);
  });

  it('lists Pro and Starter first, and lets operators assign, close and reopen', async () => {
    const free = await registerUser(server);
    const pro = await registerUserOnPlan(server, 'PRO', { smtp });
    const starter = await registerUserOnPlan(server, 'STARTER', { smtp });
    for (const who of [pro, starter, free]) {
      await server.api('POST', '/api/support/messages', { token: who.token, body: { body: 'Hi' } });
    }
    const { body } = await server.api('GET', '/api/admin/support/conversations', { token: ops });
    const emails = body.conversations.map((c: { user: { email: string } }) => c.user.email);
    expect(emails.indexOf(pro.user.email)).toBeLessThan(emails.indexOf(starter.user.email));
    expect(emails.indexOf(starter.user.email)).toBeLessThan(emails.indexOf(free.user.email));
    const id = body.conversations.find(
      (c: { user: { email: string } }) => c.user.email === free.user.email,
    ).id;

    const assigned = await server.api('POST', `/api/admin/support/conversations/${id}/assign`, {
      token: ops,
      body: {},
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.conversation.assignedTo).toMatchObject({ email: OPERATOR });
    const notOperator = await server.api('POST', `/api/admin/support/conversations/${id}/assign`, {
      token: ops,
      body: { operatorId: free.user.id },
    });
    expect(notOperator.status).toBe(400);

    const closed = await server.api('POST', `/api/admin/support/conversations/${id}/close`, {
      token: ops,
    });
    expect(closed.body.conversation.status).toBe('CLOSED');
    expect(
      (await server.api('POST', `/api/admin/support/conversations/${id}/close`, { token: ops }))
        .status,
    ).toBe(409);
    const reopened = await server.api('POST', `/api/admin/support/conversations/${id}/reopen`, {
      token: ops,
    });
    expect(reopened.body.conversation.status).toBe('OPEN');
    // The person writing into a closed conversation opens it again.
    await server.api('POST', `/api/admin/support/conversations/${id}/close`, { token: ops });
    await server.api('POST', '/api/support/messages', {
      token: free.token,
      body: { body: 'One more thing' },
    });
    const list = await server.api('GET', '/api/admin/support/conversations', { token: ops });
    expect(list.body.conversations.find((c: { id: string }) => c.id === id).status).toBe('OPEN');
  });

  it('keeps screenshots with their message, shown to both sides and nobody else', async () => {
    const dan = await registerUser(server);
    const eve = await registerUser(server);
    const up = await upload('/api/support/attachments', dan.token, PNG);
    expect(up.status).toBe(201);
    expect(up.body.attachment).toMatchObject({ type: 'image/png', size: PNG.length });
    const sent = await server.api('POST', '/api/support/messages', {
      token: dan.token,
      body: { body: 'This is what I see', attachmentId: up.body.attachment.id },
    });
    expect(sent.status).toBe(201);
    const url = sent.body.message.attachment.url as string;
    const shown = await fetch(server.url + url, {
      headers: { authorization: `Bearer ${dan.token}` },
    });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true);
    const toOps = await fetch(server.url + url, { headers: { authorization: `Bearer ${ops}` } });
    expect(toOps.status).toBe(200);
    const toEve = await fetch(server.url + url, {
      headers: { authorization: `Bearer ${eve.token}` },
    });
    expect(toEve.status).toBe(404);
    // Another person cannot send Dan's screenshot as theirs, and it goes with one message only.
    const stolen = await server.api('POST', '/api/support/messages', {
      token: eve.token,
      body: { body: 'x', attachmentId: up.body.attachment.id },
    });
    expect(stolen.status).toBe(400);
    const again = await server.api('POST', '/api/support/messages', {
      token: dan.token,
      body: { body: 'x', attachmentId: up.body.attachment.id },
    });
    expect(again.status).toBe(400);

    // Only pictures, judged by their bytes.
    const text = await upload(
      '/api/support/attachments',
      dan.token,
      Buffer.from('<script>'),
      'image/png',
    );
    expect(text.status).toBe(415);
    const big = await upload(
      '/api/support/attachments',
      dan.token,
      Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]),
    );
    expect(big.status).toBe(413);
  });

  it('refuses the chat to guests and strangers, and the desk to everyone but operators', async () => {
    const guest = await guestSession(server);
    const refused = await server.api('GET', '/api/support/conversation', { token: guest.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('contact page');
    expect((await server.api('GET', '/api/support/conversation')).status).toBe(401);
    expect(
      (await server.api('POST', '/api/support/messages', { body: { body: 'hi' } })).status,
    ).toBe(401);

    const user = await registerUser(server);
    for (const [method, path, body] of DESK_CALLS) {
      const res = await server.api(method, path, { token: user.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await server.api(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    const socket = await connect(user.token);
    expect(await join(socket, 'join-support-desk', 'desk')).toMatchObject({ ok: false });
  });

  it('limits the contact form per address, across every node', async () => {
    const send = () =>
      server.api('POST', '/api/contact', {
        body: {
          name: 'Flood',
          email: 'flood@example.com',
          subject: 's',
          message: 'a message here',
        },
      });
    let res = await send();
    for (let i = 0; i < TICKETS_PER_ADDRESS_PER_HOUR && res.status === 201; i += 1)
      res = await send();
    expect(res.status).toBe(429);
    expect(res.body.error.message).toContain('several messages');
  });
});
