/**
 * What leaves the page for the server, for the runtime: tracked events
 * (SPEC 7) and contacts (SPEC 8), each in a queue kept in storage and resent
 * until the server has it, on this page or the next, and the identify and
 * trackPurchase calls (SPEC 5) that wait in storage for their rules. Nothing
 * is sent while an owner tests (admin, preview, a forced CTA). Names ending
 * in an underscore never leave the loader (its build shortens them:
 * scripts/build-widget.ts).
 */
import type { PublicPerson, PublicWebsiteConfig } from "#contract/schema/public-config";
import type { CtaIds } from "#widget/render/types";
import type { Api, WireEvent } from "./api";
import type { WaitingCall } from "./extras/calls";
import { warn } from "./log";
import { countInteraction, type LocalData } from "./person-data";
import { beaconTo, createQueue, flushOnHide, type Queued } from "./queue";
import type { ExtrasModule } from "./renderer-loader";
import { sessionKey, type Session } from "./session";
import type { Store } from "./storage";
import type { LoadedVisitor } from "./visitor";

/** How long a form waits for the server before its contact counts as queued (it is resent until it arrives). */
const CONTACT_WAIT = 6000;

/** What a form learns of its contact: sent (the server's answer), skipped (not to be sent), or queued for a later try. */
export type ContactAnswer = { skipped?: boolean; queued?: boolean };

export interface TrackingDeps {
  config_: PublicWebsiteConfig;
  win_: Window;
  doc_: Document;
  store_: Store;
  api_: Api;
  /** Browser-only person data: interactions are counted there whatever the mode. */
  local_: LocalData;
  saveLocal_(): void;
  /** Live and no CTA forced: what is tracked. */
  live_(): boolean;
  /** The visitor, once loaded (a getter: the queues start before the visitor is asked for, so earlier pages' sends go first). */
  visitor_(): Promise<LoadedVisitor>;
  /** Keeps the session alive (SPEC 9) as each event is sent. */
  session_(): Session;
  href_(): string;
  keepPerson_(person: PublicPerson): void;
  set_(fn: () => void, ms: number): any;
  clear_(timer: any): void;
  withExtras_<T>(use: (extras: ExtrasModule) => T | Promise<T>): Promise<T>;
}

export function createTracking(deps: TrackingDeps) {
  // The timers are called bare: clearTimeout called as a member of deps throws "Illegal invocation" in browsers.
  const { config_: config, store_: store, api_: api, local_: local, set_: set, clear_: clear } = deps;
  const websiteId = config.website_id;
  const nav = deps.win_.navigator;
  const events = createQueue<WireEvent>({
    store,
    key: `cf_${websiteId}_events`,
    send: api.sendEvents,
    beacon: beaconTo(api.eventsUrl, nav),
  });
  /** Forms waiting for the server's answer to their contact, by contact id. */
  const waiting = new Map<string, (error?: unknown, answer?: unknown) => void>();
  const contacts = createQueue<Queued & Record<string, unknown>>({
    store,
    key: `cf_${websiteId}_contacts`,
    send: (batch) => api.createContact(batch[0]),
    beacon: beaconTo(api.contactsUrl, nav, (batch) => ({ contact: batch[0] })),
    batchSize: 1,
    delay: 0,
    settled: (batch, error, answer) => waiting.get(batch[0].id)?.(error, answer),
  });
  for (const queue of [events, contacts]) {
    flushOnHide(queue, deps.win_, deps.doc_);
    // Whatever earlier pages could not send goes first.
    void queue.flush();
  }

  const track = (eventType: string, ids: Partial<CtaIds>, data: Record<string, unknown> = {}, revenue?: number) => {
    countInteraction(local, ids.cta_id, eventType);
    deps.saveLocal_();
    if (deps.live_())
      void deps.visitor_().then((loaded) => {
        deps.session_();
        events.push({
          ...ids,
          event_type: eventType,
          visitor_token: loaded.token,
          url: deps.href_(),
          contactable_type: ids.cta_id ? "Cta" : null,
          contactable_id: ids.cta_id,
          revenue,
          data,
        });
      });
  };

  const sendContact = async (fields: Record<string, unknown>): Promise<ContactAnswer> => {
    // Both printed ungated: the first is the owner's own setting keeping contacts out (SPEC 8), the second happens only while
    // an owner tests (admin, preview, a forced CTA), so it is a debug message already, without the loader carrying debug().
    if (config.data_settings?.["contact-processing"] === false) {
      warn("Contact PII processing disabled");
      return { skipped: true };
    }
    if (!deps.live_()) {
      warn("Not live: contact not sent");
      return { skipped: true };
    }
    const loaded = await deps.visitor_();
    const contact = contacts.push({ ...fields, visitor_token: loaded.token });
    const answer = await new Promise<ContactAnswer>((resolve, reject) => {
      const timer = set(() => {
        waiting.delete(contact.id);
        // Still stored: the queue resends it until the server has it, on this page or the next.
        resolve({ queued: true });
      }, CONTACT_WAIT);
      waiting.set(contact.id, (error, reply) => {
        waiting.delete(contact.id);
        clear(timer);
        error ? reject(error) : resolve(reply && typeof reply == "object" ? reply : {});
      });
      void contacts.flush();
    });
    if (answer.skipped) warn("Contact PII processing disabled");
    else if (loaded.person) {
      // The local person learns what was just sent, so merge tags and conditions see it at once.
      for (const key of ["email", "phone", "name", "last_name"] as const)
        if (fields[key]) loaded.person[key] = fields[key] as string;
      loaded.person.person_type = "Contact";
      deps.keepPerson_(loaded.person);
    }
    return answer;
  };

  // identify and trackPurchase calls wait in storage (in call order) for their rules, which live in the extras chunk, and for the visitor.
  const callsKey = `cf_${websiteId}_identify`;
  let draining = Promise.resolve();
  /** Hands the calls in storage to the extras chunk, one drain after the other; with none waiting it is not fetched. Never rejects. */
  const drainCalls = () =>
    (draining = draining.then(async () => {
      if (store.get<WaitingCall[]>(callsKey)?.length)
        await deps
          .withExtras_((chunk) =>
            chunk.drainCalls(store, callsKey, deps.visitor_(), {
              session: deps.session_,
              saveSession: (changed) => store.set(sessionKey(websiteId), changed),
              track,
              sendContact,
            }),
          )
          .catch(() => {});
    }));

  return {
    track_: track,
    sendContact_: sendContact,
    drainCalls_: drainCalls,
    /** Keeps an identify or trackPurchase call until it is handled: its rules live in the extras chunk, which a server outage may keep away. */
    queueCall_(call: WaitingCall) {
      store.set(callsKey, [...(store.get<WaitingCall[]>(callsKey) || []), call]);
      return drainCalls();
    },
  };
}

export type Tracking = ReturnType<typeof createTracking>;
