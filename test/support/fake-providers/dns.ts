/**
 * A local DNS server (UDP, RFC 1035 messages) that answers MX and A queries
 * from tables, so the server's real resolver (node:dns Resolver, pointed here
 * with BECKON_DNS_SERVERS) can be tested without the internet. Names in a
 * table with no records of the type asked answer NOERROR/NODATA, unknown
 * names NXDOMAIN, and names in `silent` get no answer at all (a time-out).
 */
import dgram from "node:dgram";
import type { AddressInfo } from "node:net";

export interface MxRecord {
  priority: number;
  exchange: string;
}

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, "").split(".").filter(Boolean);
  return Buffer.concat([
    ...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, "ascii")])),
    Buffer.from([0]),
  ]);
}

function readQuestion(msg: Buffer): { name: string; type: number; end: number } | null {
  let offset = 12;
  const labels: string[] = [];
  while (offset < msg.length) {
    const len = msg[offset];
    if (len === 0) {
      offset++;
      break;
    }
    if (len > 63) return null; // no compression in questions
    labels.push(msg.subarray(offset + 1, offset + 1 + len).toString("ascii"));
    offset += 1 + len;
  }
  if (offset + 4 > msg.length) return null;
  return { name: labels.join(".").toLowerCase(), type: msg.readUInt16BE(offset), end: offset + 4 };
}

/** The fake name server. */
export class FakeDns {
  private socket: dgram.Socket | null = null;
  readonly queries: { name: string; type: number }[] = [];
  readonly silent = new Set<string>();

  constructor(
    readonly mx: Record<string, MxRecord[]> = {},
    /** IPv4 addresses by name (A records). */
    readonly a: Record<string, string[]> = {},
  ) {}

  /** host:port for Resolver.setServers / BECKON_DNS_SERVERS. */
  get address(): string {
    const a = this.socket!.address() as AddressInfo;
    return `127.0.0.1:${a.port}`;
  }

  async start(): Promise<this> {
    const socket = dgram.createSocket("udp4");
    socket.on("message", (msg, rinfo) => {
      const q = readQuestion(msg);
      if (!q) return;
      this.queries.push({ name: q.name, type: q.type });
      if (this.silent.has(q.name)) return;
      const has = (table: object) => Object.prototype.hasOwnProperty.call(table, q.name);
      const known = has(this.mx) || has(this.a);
      const records = q.type === 15 && has(this.mx) ? this.mx[q.name] : [];
      const addresses = q.type === 1 && has(this.a) ? this.a[q.name] : [];
      const header = Buffer.alloc(12);
      msg.copy(header, 0, 0, 2); // id
      const rd = msg[2] & 0x01;
      header[2] = 0x84 | rd; // QR, AA, RD as asked
      header[3] = 0x80 | (known ? 0 : 3); // RA, NOERROR or NXDOMAIN
      header.writeUInt16BE(1, 4);
      header.writeUInt16BE(records.length + addresses.length, 6);
      const question = msg.subarray(12, q.end);
      const answers = records.map((r) => {
        const exchange = encodeName(r.exchange);
        const rr = Buffer.alloc(12);
        rr.writeUInt16BE(0xc00c, 0); // pointer to the question name
        rr.writeUInt16BE(15, 2); // MX
        rr.writeUInt16BE(1, 4); // IN
        rr.writeUInt32BE(300, 6);
        rr.writeUInt16BE(2 + exchange.length, 10);
        const pref = Buffer.alloc(2);
        pref.writeUInt16BE(r.priority);
        return Buffer.concat([rr, pref, exchange]);
      });
      for (const ip of addresses) {
        const rr = Buffer.alloc(16);
        rr.writeUInt16BE(0xc00c, 0);
        rr.writeUInt16BE(1, 2); // A
        rr.writeUInt16BE(1, 4); // IN
        rr.writeUInt32BE(300, 6);
        rr.writeUInt16BE(4, 10);
        ip.split(".").forEach((octet, i) => (rr[12 + i] = Number(octet)));
        answers.push(rr);
      }
      socket.send(Buffer.concat([header, question, ...answers]), rinfo.port, rinfo.address);
    });
    await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
    this.socket = socket;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.socket;
    this.socket = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}
