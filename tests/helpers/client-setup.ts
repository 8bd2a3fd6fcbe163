// IndexedDB for Dexie in jsdom: an in-memory implementation, fresh per test file.
import 'fake-indexeddb/auto';
