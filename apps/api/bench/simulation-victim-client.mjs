// The other user of bench/simulation-fairness.bench.ts, run as its own process (as a real user is
// on another machine): on each message {url, cookie, csrfToken, body, runs} it runs `runs`
// simulations one after another and answers {times, durations}: each one's time from sending to
// the last byte of the answer, and the server's `duration_ms` (waiting for and running on a thread).
process.on('message', async ({ url, cookie, csrfToken, body, runs }) => {
  const headers = {
    'content-type': 'application/json',
    cookie,
    'x-csrf-token': csrfToken,
    'x-bench-role': 'victim',
  };
  const times = [];
  const durations = [];
  for (let run = 0; run < runs; run++) {
    const startedAt = performance.now();
    const answer = await fetch(`${url}/api/matchup/simulate`, { method: 'POST', headers, body });
    const text = await answer.text();
    times.push(performance.now() - startedAt);
    if (answer.status !== 200) {
      process.send({ error: `victim refused: ${answer.status} ${text}` });
      return;
    }
    durations.push(JSON.parse(text).duration_ms);
  }
  process.send({ times, durations });
});
process.send('ready');
