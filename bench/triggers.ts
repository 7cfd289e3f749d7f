// Issue 16, item 6: re-reading an account's finished triggers costs one or two requests however long its
// history, because the app remembers where the last page starts. Measured with the app's own exchange client
// and FinishedTriggers against a real devnet on loopback holding BENCH_FINISHED_TRIGGERS finished triggers
// (added then removed, so each leaves a finalisation), beside a first read, which walks every page.
// `npx tsx bench/triggers.ts`
import { errorOf, startExchange, trader } from '../tests/conformance/support/exchange';
import { FINISHED_TRIGGERS_SHOWN, FinishedTriggers } from '../src/main/triggers/finished-triggers';
import type { ExchangeClient } from '../src/main/exchange/exchange-client';
import type { ActionKind } from '../src/protocol/types';
import { percentile, reportGoals } from './report';

const FINISHED = Number(process.env.BENCH_FINISHED_TRIGGERS ?? 1_000);
const REREADS = 50;
const REQUEST_GOAL = 2;
const BTC = 0;
const unlimited = { perSecond: 1e9, burst: 1e9 };

const ex = await startExchange({ config: { rateLimits: { action: unlimited, other: unlimited } } });
try {
  const { w, account } = await trader(ex);
  const finishOne = async () => {
    const added = await ex.submit(
      w.sessionBody({
        type: 'addTrigger',
        sessionId: w.session!.id,
        marketId: BTC,
        key: { kind: 'STOP_LOSS', side: 'ASK' },
        prices: { triggerPrice: 600_000n },
      } as Extract<ActionKind, { type: 'addTrigger' }>),
    );
    if (added.kind.type !== 'triggerAdded') throw new Error(`trigger refused: ${errorOf(added)}`);
    const removed = await ex.submit(
      w.sessionBody({
        type: 'removeTrigger',
        sessionId: w.session!.id,
        marketId: BTC,
        triggerId: added.kind.triggerId,
      } as Extract<ActionKind, { type: 'removeTrigger' }>),
    );
    if (removed.kind.type !== 'triggerRemoved') throw new Error(`removal refused: ${errorOf(removed)}`);
    return added.kind.triggerId;
  };
  for (let i = 0; i < FINISHED; i += 1) await finishOne();

  // every request the view makes goes through this counter
  let requests = 0;
  const client: Pick<ExchangeClient, 'triggerFinalisations'> = {
    triggerFinalisations: (accountId, query) => {
      requests += 1;
      return ex.client.triggerFinalisations(accountId, query);
    },
  };
  const timed = async (view: FinishedTriggers) => {
    requests = 0;
    const start = process.hrtime.bigint();
    const rows = await view.newest(account);
    return { rows, requests, ms: Number(process.hrtime.bigint() - start) / 1e6 };
  };

  const view = new FinishedTriggers(client, FINISHED_TRIGGERS_SHOWN);
  const first = await timed(view);
  const rereads = [];
  for (let i = 0; i < REREADS; i += 1) rereads.push(await timed(view));
  const newest = await finishOne();
  const afterNew = await timed(view);
  if (afterNew.rows.at(-1)?.triggerId !== newest)
    throw new Error('the trigger finished last is not the newest row of the re-read');
  if (rereads.some((r) => r.rows.length !== FINISHED_TRIGGERS_SHOWN))
    throw new Error(`a re-read did not return the ${FINISHED_TRIGGERS_SHOWN} newest rows`);

  // 1,000 fill the exchange's last 50-row page exactly, so the one finished after them begins a new page: the
  // re-read that meets it is the two-request case
  const mostUnchanged = Math.max(...rereads.map((r) => r.requests));
  const mostRequests = Math.max(mostUnchanged, afterNew.requests);
  const ms = (rows: { ms: number }[], p: number) =>
    Number(
      percentile(
        rows.map((r) => r.ms),
        p,
      ).toFixed(1),
    );
  reportGoals(
    'triggers',
    [
      {
        measure: `finished triggers re-read, ${FINISHED} in the history: requests, most of ${REREADS + 1} re-reads`,
        value: mostRequests,
        unit: 'requests',
        goal: `<= ${REQUEST_GOAL}`,
        met: mostRequests <= REQUEST_GOAL,
      },
      {
        measure: `of them, ${REREADS} with the history unchanged`,
        value: mostUnchanged,
        unit: 'requests',
        goal: '-',
        met: true,
      },
      {
        measure: 'of them, the one after one more finished',
        value: afterNew.requests,
        unit: 'requests',
        goal: '-',
        met: true,
      },
      {
        measure: 'a first read, walking every page',
        value: first.requests,
        unit: 'requests',
        goal: '-',
        met: true,
      },
      { measure: 're-read time, p50', value: ms(rereads, 0.5), unit: 'ms', goal: '-', met: true },
      { measure: 'first read time', value: ms([first], 0.5), unit: 'ms', goal: '-', met: true },
    ],
    { finished: FINISHED, rereads: REREADS },
  );
} finally {
  await ex.close();
}
