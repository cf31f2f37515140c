#!/usr/bin/env node
// `npm start`: installs what is missing, builds, writes the demo data set into a new SQLite
// database (the seed command), starts the credit-service with its demo stand-ins and the gateway
// with embedded defaults, and prints the address.
import { build, ensureInstalled, startProduct } from './lib/product.mjs';

if (ensureInstalled() !== 0) process.exit(1);
if (build() !== 0) process.exit(1);

try {
  const product = await startProduct();
  console.log(`\n信用门户已启动：${product.url}/#/index  （按 Ctrl+C 停止）\n`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await product.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const child of product.children) {
    child.once('exit', (code) => {
      if (stopping) return;
      console.error(`一个服务意外退出（退出码 ${code}），正在停止其余服务`);
      void product.stop().then(() => process.exit(1));
    });
  }
} catch (error) {
  console.error(`启动失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
