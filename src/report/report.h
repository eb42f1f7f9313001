/* SPDX-License-Identifier: GPL-2.0 */
/* What the JSON-based reports (SARIF, JSON) share. */
#ifndef ADDRLIMIT_REPORT_H
#define ADDRLIMIT_REPORT_H

#include <jansson.h>

/* A JSON string; bytes that are not UTF-8 (from a Latin-1 source) become '?'. */
json_t *json_text(const char *s);

#endif
