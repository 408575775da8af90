// The Node flags the server runs with (`npm start`, `npm run serve`, the bench, the browser
// tests), in one place. See docs/decisions/031-server-memory.md.
//
// --max-old-space-size: V8 otherwise lets the heap of a busy process grow far past what it keeps
// alive (measured at 100,000 companies on PostgreSQL: about 130 MB live, 480–600 MB resident),
// because a large heap is cheaper to collect. With a cap it collects sooner and stays under it.
export const SERVER_HEAP_MB = 224;
export const SERVER_NODE_FLAGS = [`--max-old-space-size=${SERVER_HEAP_MB}`];
