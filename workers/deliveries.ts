// The delivery worker: the DELIVERIES queue's handler sends one signed attempt per message (the ledger decides
// whether it is due and records it); its dead-letter queue's handler marks a delivery dead-lettered.
import { ledgerStub } from '../durable-objects/monitor-stubs.ts';
import { apiProfile } from '../src/profiles/profiles.ts';
import { deliveryMessage, parseDeliveryMessage } from '../src/deliveries/events.ts';
import { attemptDelivery } from '../src/deliveries/send.ts';
import { guardedFetch } from '../src/net/guarded-fetch.ts';
import type { ConsumerContext } from './consumer.ts';

export const DELIVERY_QUEUE = 'capture-deliveries';
export const DELIVERY_DEAD_LETTER_QUEUE = 'capture-deliveries-dlq';

type Verdict = 'ack' | 'retry';

/** Webhook targets follow the address policy of the capture profile in use (D265): private targets refused hosted. */
const webhookFetch = (hosted: boolean) => guardedFetch(apiProfile(hosted).addressPolicy, (input, init) => fetch(input, init));

export async function onDelivery(message: Message<unknown>, cx: ConsumerContext): Promise<Verdict> {
  const msg = parseDeliveryMessage(message.body);
  if (msg === null) {
    console.error(`${DELIVERY_QUEUE}: dropping a message that is not a delivery:`, JSON.stringify(message.body)?.slice(0, 200));
    return 'ack';
  }
  try {
    const ledger = ledgerStub(cx.env);
    const claim = await ledger.claim(msg.id, message.id);
    if (claim.kind !== 'send') return 'ack';
    const { ok, attempt } = await attemptDelivery(claim, webhookFetch(cx.config.hosted));
    // After the last attempt the delivery goes to the dead-letter queue, whose handler marks it dead-lettered.
    if ((await ledger.attempted(msg.id, message.id, attempt, ok)) === 'dead') await cx.env.DELIVERY_DEAD_LETTERS.send(deliveryMessage(msg.id));
    return 'ack';
  } catch (err) {
    // The lease lapses; the retried message (or, after the queue's retries, its dead letter) takes it from here.
    console.error(`${DELIVERY_QUEUE}: delivery ${msg.id} failed:`, err);
    return 'retry';
  }
}

export async function onDeliveryDeadLetter(message: Message<unknown>, cx: ConsumerContext): Promise<Verdict> {
  const msg = parseDeliveryMessage(message.body);
  if (msg === null) return 'ack';
  try {
    await ledgerStub(cx.env).deadLetter(msg.id);
    return 'ack';
  } catch (err) {
    console.error(`${DELIVERY_DEAD_LETTER_QUEUE}: ${msg.id} failed:`, err);
    return 'retry';
  }
}
