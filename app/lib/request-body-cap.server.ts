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

/**
 * Express-style middleware enforcing the cap. It must run before anything
 * reads the body (it watches the bytes the HTTP parser hands the request).
 */
export function requestBodyCap(maxBytes = MAX_REQUEST_BODY_BYTES) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      refuse(request, response, maxBytes);
      return;
    }
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

/** Answers 413 (when nothing was answered yet) and closes the connection once the upload has been drained. */
function refuse(request: IncomingMessage, response: ServerResponse, maxBytes: number): void {
  refusedResponses.add(response);
  const uploadDone = drainUpload(request);
  const socket = request.socket;
  if (response.headersSent) {
    // The app already answered (or is answering): it keeps its answer; the connection ends after the upload.
    void uploadDone.then(() => socket.destroy());
    return;
  }
  closeAfterUpload(socket, uploadDone);
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

/** From now on the request's bytes are dropped; settles when the upload ends or passes the linger bound. */
function drainUpload(request: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let dropped = 0;
    request.push = (chunk) => {
      if (chunk === null) resolve();
      else if ((dropped += (chunk as Buffer).length) > LINGER_MAX_BYTES) resolve();
      return true;
    };
    if (request.complete) resolve();
  });
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is written
 * (socket.destroySoon). Here it only half-closes it: the client sees the
 * answer end, and the socket is destroyed once its upload has been read.
 */
function closeAfterUpload(socket: Socket, uploadDone: Promise<void>): void {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MAX_MS);
    timer.unref();
    void uploadDone.then(() => {
      clearTimeout(timer);
      socket.destroy();
    });
  };
}
