// Preloaded into a measured process (`node --import ./bench/peak-rss.ts …`): on exit it writes its peak resident
// set and CPU time to stderr as one line the hostile bench reads, so the figure is the process's own.
process.on('exit', () => {
  const u = process.resourceUsage();
  process.stderr.write(`\nPEAK_RSS_KB ${u.maxRSS} CPU_MS ${Math.round((u.userCPUTime + u.systemCPUTime) / 1000)}\n`);
});
