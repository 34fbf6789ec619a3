// Imported first by bench/site/run.ts: the test harnesses (tests/support/db.ts) read TEST_DB_DIR when
// they load, and default to /dev/shm, where synchronous=FULL would cost nothing. Put their files on
// the same disk as the plain-libsql reference (BENCH_DB_DIR, else the OS temp dir).
import { benchDbRoot } from '../ledger/plain';

process.env.TEST_DB_DIR ??= benchDbRoot();
