import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import type { Hl7Message } from '@medplum/core';
import { Hl7Connection, type Hl7ErrorEvent, type Hl7MessageEvent } from '@medplum/hl7';
import { isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services.js';
import { hl7Senders } from '../../db/schema/index.js';
import { isInNetworks } from '../../platform/allowed-networks.js';
import { buildAck, HL7_ERROR } from './hl7-ack.js';
import { receiveHl7Order } from './receive-hl7-order.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The HL7 v2 MLLP listener: started with the app's timers when HL7_MLLP_PORT is set (tests start it by hand). */
    hl7Listener: Hl7Listener;
  }
}

export interface Hl7Listener {
  /** Listens on HL7_MLLP_PORT (0: any free port); does nothing when the variable is unset. */
  start(): Promise<void>;
  /** Stops accepting, ends open connections after the messages under way are answered. */
  stop(): Promise<void>;
  /** What the engine is pointed at; null when no listener is configured. */
  address(): { host: string; port: number; tls: boolean } | null;
}

/** Bytes a connection may send without ending a message (<FS>): past it the socket is closed. */
export const HL7_MAX_FRAME_BYTES = 1_048_576;
/** A connection quiet this long is closed. */
export const HL7_IDLE_TIMEOUT_MS = 5 * 60_000;
/** Open connections at most; more are refused by the server. */
export const HL7_MAX_CONNECTIONS = 100;
const FRAME_END = 0x1c;

/**
 * The MLLP listener: each connection is an @medplum/hl7 Hl7Connection (it does the MLLP framing, <VT> message
 * <FS><CR>, and parses each message with @medplum/core); over TLS when HL7_MLLP_TLS_CERT/KEY are set. Messages on
 * one connection are answered in order, one at a time.
 */
export function createHl7Listener(services: Services, log: FastifyBaseLogger): Hl7Listener {
  const { env } = services;
  const configured = env.HL7_MLLP_PORT;
  const useTls = Boolean(env.HL7_MLLP_TLS_CERT && env.HL7_MLLP_TLS_KEY);
  const host = env.HL7_MLLP_HOST ?? new URL(services.publicUrl).hostname;
  let server: net.Server | null = null;
  const connections = new Set<Hl7Connection>();
  const underWay = new Set<Promise<void>>();

  async function answer(connection: Hl7Connection, message: Hl7Message, remoteAddress: string) {
    try {
      const { ack, outcome } = await receiveHl7Order(services, message, remoteAddress);
      log.info(
        { hl7: { controlId: message.getSegment('MSH')?.getField(10)?.toString(), remoteAddress, ...outcome } },
        'HL7 message answered',
      );
      connection.send(ack);
    } catch (err) {
      log.error({ err: (err as Error).message, remoteAddress }, 'HL7 message failed');
      connection.send(
        buildAck(message, {
          ackCode: 'AE',
          error: HL7_ERROR.internal,
          segment: 'MSH',
          text: 'The message could not be processed now; send it again',
        }),
      );
    }
  }

  /** Whether any registered sender allows the address: checked before anything is read from the socket. */
  async function anySenderAllows(remoteAddress: string): Promise<boolean> {
    if (!remoteAddress) return false;
    const rows = await services.db.select({ allowed: hl7Senders.allowedAddresses }).from(hl7Senders).where(isNull(hl7Senders.deletedAt));
    return rows.some((r) => isInNetworks(remoteAddress, r.allowed));
  }

  function accept(socket: net.Socket) {
    const remoteAddress = socket.remoteAddress ?? '';
    // Nothing is read until the address is known to some sender; a stranger is closed without an answer.
    socket.pause();
    socket.setTimeout(HL7_IDLE_TIMEOUT_MS, () => socket.destroy());
    socket.on('error', () => {});
    anySenderAllows(remoteAddress).then(
      (allowed) => {
        if (!allowed || !server) {
          log.warn({ remoteAddress }, 'HL7 connection from an address no sender allows: closed');
          socket.destroy();
          return;
        }
        serve(socket, remoteAddress);
        socket.resume();
      },
      (err: Error) => {
        log.error({ err: err.message, remoteAddress }, 'HL7 connection check failed');
        socket.destroy();
      },
    );
  }

  function serve(socket: net.Socket, remoteAddress: string) {
    // The library buffers a message without bound until its end: count the bytes since the last <FS> ourselves.
    let pending = 0;
    socket.on('data', (chunk: Buffer) => {
      const end = chunk.lastIndexOf(FRAME_END);
      pending = end === -1 ? pending + chunk.length : chunk.length - end - 1;
      if (pending > HL7_MAX_FRAME_BYTES) {
        log.warn({ remoteAddress, bytes: pending }, 'HL7 message larger than the limit: connection closed');
        socket.destroy();
      }
    });
    const connection = new Hl7Connection(socket, 'utf-8');
    connections.add(connection);
    let queue = Promise.resolve();
    connection.addEventListener('message', (event: Hl7MessageEvent) => {
      // The engine waits for each ACK before its next message; answered in order all the same.
      const work = queue.then(() => answer(connection, event.message, remoteAddress));
      queue = work;
      underWay.add(work);
      void work.finally(() => underWay.delete(work));
    });
    connection.addEventListener('error', (event: Hl7ErrorEvent) => {
      log.warn({ err: event.error?.message, remoteAddress }, 'HL7 connection error');
    });
    connection.addEventListener('close', () => connections.delete(connection));
  }

  return {
    async start() {
      if (configured === undefined || server) return;
      const s = useTls
        ? tls.createServer(
            { cert: readFileSync(env.HL7_MLLP_TLS_CERT as string), key: readFileSync(env.HL7_MLLP_TLS_KEY as string) },
            accept,
          )
        : net.createServer(accept);
      s.maxConnections = HL7_MAX_CONNECTIONS;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(configured, env.HOST, () => {
          s.off('error', reject);
          resolve();
        });
      });
      s.on('error', (err) => log.error({ err: err.message }, 'HL7 listener error'));
      server = s;
      log.info({ port: (s.address() as net.AddressInfo).port, tls: useTls }, 'HL7 MLLP listener started');
    },
    async stop() {
      const s = server;
      if (!s) return;
      server = null;
      const closed = new Promise<void>((resolve) => s.close(() => resolve()));
      await Promise.allSettled([...underWay]);
      await Promise.allSettled([...connections].map((c) => c.close()));
      await closed;
    },
    address() {
      if (configured === undefined) return null;
      const bound = server?.address();
      return { host, port: bound && typeof bound === 'object' ? bound.port : configured, tls: useTls };
    },
  };
}
