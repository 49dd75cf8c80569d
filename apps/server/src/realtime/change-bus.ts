import { EventEmitter } from "node:events";
import pg from "pg";
import { detached } from "../background/detached.ts";
import { log } from "../log.ts";

/** A pointer to a committed entity change; the change itself is read from entity_changes. */
export type ChangeSignal = { appId: string; entity: string; seq: string };

export type ChangeBus = {
  /** Announce a committed change to subscribers here and on every other instance. */
  publish(signal: ChangeSignal): Promise<void>;
  /** Called for every change of that app's entity, from any instance. */
  subscribe(appId: string, entity: string, listener: (signal: ChangeSignal) => void): () => void;
  /**
   * Called with an app's id when another instance committed a change to its schemas or
   * settings (they `pg_notify(APP_CHANGES_CHANNEL, appId)` in the writing transaction).
   * Only a PostgreSQL server has other instances; on the embedded database this never fires.
   */
  onAppChanged(listener: (appId: string) => void): () => void;
  close(): Promise<void>;
};

export const CHANGE_CHANNEL = "liftoff_entity_changes";
export const APP_CHANGES_CHANNEL = "liftoff_app_changes";

const topic = (appId: string, entity: string) => `${appId}\u0000${entity}`;

/**
 * Listeners run detached from the request that subscribed: one that throws or rejects is
 * logged, never allowed to stop the other listeners or to end the process.
 */
function addListener(
  emitter: EventEmitter,
  event: string,
  listener: (...args: never[]) => unknown,
  what: string,
  fields: Record<string, unknown>,
): () => void {
  const guarded = detached(what, listener as (...args: unknown[]) => unknown, fields);
  emitter.on(event, guarded);
  return () => emitter.off(event, guarded);
}

/**
 * In-process fan-out, plus Postgres LISTEN/NOTIFY when running on a PostgreSQL server so
 * several stateless instances behind a load balancer see each other's writes — no broker
 * needed. Notifications carry only a pointer (NOTIFY payloads are limited to 8 kB);
 * subscribers read the change rows and check permissions themselves.
 */
export async function createChangeBus(options: { databaseUrl?: string | undefined }): Promise<ChangeBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (signal: ChangeSignal) => emitter.emit(topic(signal.appId, signal.entity), signal);

  if (!options.databaseUrl) {
    return {
      async publish(signal) {
        deliver(signal);
      },
      subscribe(appId, entity, listener) {
        return addListener(emitter, topic(appId, entity), listener, "change listener", { appId, entity });
      },
      onAppChanged() {
        return () => undefined;
      },
      async close() {
        emitter.removeAllListeners();
      },
    };
  }

  const url = options.databaseUrl;
  const listener = new pg.Client({ connectionString: url });
  const notifier = new pg.Pool({ connectionString: url, max: 2 });
  notifier.on("error", (error) => log.warn("change bus notify connection lost", { error }));
  listener.on("error", (error) => log.warn("change bus listen connection lost", { error }));
  listener.on(
    "notification",
    detached("change notification handler", (message: pg.Notification) => {
      if (message.channel === APP_CHANGES_CHANNEL && message.payload) {
        emitter.emit(APP_CHANGES_CHANNEL, message.payload);
        return;
      }
      if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
      let signal: ChangeSignal;
      try {
        signal = JSON.parse(message.payload) as ChangeSignal;
      } catch (error) {
        log.warn("ignored a malformed change notification", { error });
        return;
      }
      deliver(signal);
    }),
  );
  await listener.connect();
  await listener.query(`listen ${CHANGE_CHANNEL}`);
  await listener.query(`listen ${APP_CHANGES_CHANNEL}`);

  return {
    async publish(signal) {
      // Delivered to this instance's subscribers through LISTEN like everyone else's, so
      // every instance sees changes in the same order.
      await notifier.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, JSON.stringify(signal)]);
    },
    subscribe(appId, entity, fn) {
      return addListener(emitter, topic(appId, entity), fn, "change listener", { appId, entity });
    },
    onAppChanged(fn) {
      return addListener(emitter, APP_CHANGES_CHANNEL, fn, "app change listener", {});
    },
    async close() {
      emitter.removeAllListeners();
      await listener.end().catch(() => undefined);
      await notifier.end().catch(() => undefined);
    },
  };
}
