/**
 * The server's cap on request bodies (4 MiB), for every route, before any
 * handler runs. Routes keep their own, smaller limits (readBodyText in
 * http.server.ts); this one makes sure no route reads more, and that the
 * client still learns why:
 * - a body declared larger (Content-Length) is answered 413 at once and
 *   never reaches the app;
 * - a body sent without a length (chunked) is counted as it arrives; past the
 *   cap, whoever reads it gets an error (never a cut body taken for the
 *   whole one) and the 413 is answered here.
 *
 * Closing a socket that still holds unread upload bytes makes the kernel
 * reset the connection, and clients (browsers, node, undici) then report the
 * reset instead of the 413 they were sent. So the answer says
 * `Connection: close`, and the rest of the upload is read and dropped, up to
 * a bound of bytes and time, before the socket closes (a lingering close).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { ApiErrorBody } from "./http.server";

export const MAX_REQUEST_BODY_BYTES = 4 * 1024 * 1024;
/** How much of a refused upload is still read (and dropped) so that its client can read the 413. */
const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** How long a refused upload may take to finish before its connection is closed anyway. */
const LINGER_MAX_MS = 30_000;

/** What a reader of a body over the cap gets instead of the rest of the body. */
export class RequestBodyTooLargeError extends Error {
  readonly status = 413;
  constructor(maxBytes: number) {
    super(`Request body is larger than ${maxBytes} bytes`);
    this.name = "RequestBodyTooLargeError";
  }
}

const refusedResponses = new WeakSet<ServerResponse>();

/** Whether this response is the cap's 413: what the app tries to answer afterwards is dropped, not logged. */
export function bodyWasRefused(response: ServerResponse): boolean {
  return refusedResponses.has(response);
}

type Push = IncomingMessage["push"];

/** When a request's upload is over: read to its end, dropped to its end, or its connection gone. */
interface Upload {
  done: Promise<void>;
  /** Marks the upload over (the server dropped the rest of it). */
  end(): void;
}

function trackUpload(request: IncomingMessage): Upload {
  const socket = request.socket;
  let resolveDone = () => {};
  const done = new Promise<void>((resolve) => (resolveDone = resolve));
  const end = () => {
    resolveDone();
    // A keep-alive connection carries many requests: leave it no listener per request.
    socket.off("close", end);
    request.off("end", end);
  };
  if (request.complete) {
    resolveDone();
    return { done, end };
  }
  request.once("end", end);
  socket.once("close", end);
  return { done, end };
}

/**
 * Express-style middleware enforcing the cap. It must run before anything
 * reads the body (it watches the bytes the HTTP parser hands the request).
 */
export function requestBodyCap(maxBytes = MAX_REQUEST_BODY_BYTES) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const declared = Number(request.headers["content-length"]);
    if (declared > maxBytes) return refuse(request, response, maxBytes);
    if (request.headers["transfer-encoding"] !== undefined) countBody(request, response, maxBytes);
    next();
  };
}

/** Counts a body of unknown length as the parser pushes it; refuses it once it passes the cap. */
function countBody(request: IncomingMessage, response: ServerResponse, maxBytes: number): void {
  const push: Push = request.push.bind(request);
  let received = 0;
  request.push = (chunk, encoding) => {
    if (chunk === null) return push(chunk, encoding);
    received += (chunk as Buffer).length;
    if (received <= maxBytes) return push(chunk, encoding);
    refuse(request, response, maxBytes);
    failReaders(request, new RequestBodyTooLargeError(maxBytes));
    return true;
  };
}

/** Makes the body's reader fail, now or as soon as one starts listening. */
function failReaders(request: IncomingMessage, error: RequestBodyTooLargeError): void {
  if (request.listenerCount("error") > 0) {
    request.emit("error", error);
    return;
  }
  const onListener = (event: string | symbol) => {
    if (event !== "error") return;
    request.off("newListener", onListener);
    // newListener fires before the listener is added.
    process.nextTick(() => request.emit("error", error));
  };
  request.on("newListener", onListener);
}

/** Drops the rest of the upload and answers 413, unless the app has answered already (its answer stands). */
function refuse(request: IncomingMessage, response: ServerResponse, maxBytes: number): void {
  refusedResponses.add(response);
  const upload = trackUpload(request);
  dropRest(request, upload);
  if (response.headersSent) return;
  closeAfterUpload(request.socket, upload.done);
  const body: ApiErrorBody = { error: { field: null, message: new RequestBodyTooLargeError(maxBytes).message } };
  const text = JSON.stringify(body);
  response.writeHead(413, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
    // The public API is read cross-origin (http.server.ts corsHeaders): let the widget's page read the refusal too.
    "Access-Control-Allow-Origin": "*",
    Connection: "close",
  });
  response.end(text);
}

/** From now on the request's bytes are dropped, up to the linger bound, past which the connection is cut. */
function dropRest(request: IncomingMessage, upload: Upload): void {
  let dropped = 0;
  request.push = (chunk) => {
    if (chunk === null) upload.end();
    else if ((dropped += (chunk as Buffer).length) > LINGER_MAX_BYTES) request.socket.destroy();
    return true;
  };
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is written
 * (socket.destroySoon), and unread upload bytes turn that close into a
 * reset. Here it only half-closes it: the client sees the answer end, and
 * the socket is destroyed once the answer has gone out and the upload is
 * over (or the linger time is).
 */
function closeAfterUpload(socket: Socket, uploadDone: Promise<void>): void {
  socket.destroySoon = () => {
    const flushed = new Promise<void>((resolve) => {
      if (socket.writableFinished) return resolve();
      socket.once("finish", () => resolve());
      socket.once("close", () => resolve());
    });
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MAX_MS);
    timer.unref();
    void Promise.all([uploadDone, flushed]).then(() => {
      clearTimeout(timer);
      socket.destroy();
    });
  };
}
