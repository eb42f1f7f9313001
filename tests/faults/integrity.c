// SPDX-License-Identifier: GPL-2.0
/*
 * integrity DB: print the first line of SQLite's PRAGMA integrity_check on
 * DB ("ok" when sound) and exit 0 when it is ok.  tests/faults.sh runs it
 * after every trial that touched the --cache database; linked against the
 * same SQLite as addrlimit (make builds it into build/faults/).
 */
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *q = NULL;
	if (argc != 2) {
		fprintf(stderr, "usage: integrity DB\n");
		return 2;
	}
	if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &q, NULL) != SQLITE_OK) {
		printf("%s\n", db ? sqlite3_errmsg(db) : "cannot open");
		sqlite3_close(db);
		return 1;
	}
	int rc = sqlite3_step(q);
	const char *r = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(q, 0) : sqlite3_errmsg(db);
	printf("%s\n", r ? r : "?");
	int bad = !r || strcmp(r, "ok");
	sqlite3_finalize(q);
	sqlite3_close(db);
	return bad;
}
