// Where a Solana RPC's PubSub WebSocket is, by Solana's convention (solana-test-validator, @solana/web3.js):
// an RPC at http(s)://host:port has it at ws(s)://host:(port + 1); one without a port (a hosted RPC behind
// a proxy) has it at the same address over ws(s).

export function pubsubUrlOf(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (url.port !== '') url.port = String(Number(url.port) + 1);
  return url.href.replace(/\/$/, '');
}
