#!/usr/bin/env node
// `npm run build`: builds the node packages (tsc -b) and the SPA (vite) as `npm start` does.
import { build, ensureInstalled } from './lib/product.mjs';

process.exit(ensureInstalled() || build());
