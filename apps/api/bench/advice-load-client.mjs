// A signed-in account looping the rest-of-season advice (playoff leverage, trade suggestions, free agents), in a process of its own (as if on another
// machine): its HTTP work does not share the server's event loop. Started by advice-load.bench.ts; argv[2] is
// JSON {baseUrl, cookie, league, paths}. Sends {key: count} of its answers on 'stop' and exits.
const { baseUrl, cookie, league, paths } = JSON.parse(process.argv[2]);
const answers = {};
let isDone = false;
process.on('message', (message) => {
  if (message === 'stop') isDone = true;
});
while (!isDone) {
  for (const path of paths) {
    if (isDone) break;
    const response = await fetch(`${baseUrl}${league}/${path}`, { headers: { cookie } });
    await response.arrayBuffer();
    const key = `${path} ${response.status}`;
    answers[key] = (answers[key] ?? 0) + 1;
    if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
process.send(answers, () => process.exit(0));
