/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the CFG builder: the atoms of correlated conditions (cfg_atoms.c).
 * Only cfg.c builds graphs, so only cfg.c includes this; the analyses see
 * atoms through struct cfg and the assumes_* functions of cfg.h.
 */
#ifndef ADDRLIMIT_CFG_ATOMS_H
#define ADDRLIMIT_CFG_ATOMS_H

#include "cfg.h"

/* Does the subtree hold something that may differ between evaluations
 * (an assignment, an impure call, ...)? */
bool cfg_impure(TSNode n, const char *text, int depth);

/* The atom of condition n in g (made when new) and, in *pol, the value
 * the atom has when n is true; -1 when n cannot be correlated.  fixed: a
 * preprocessor condition, never invalidated. */
int32_t cfg_atom_for(struct cfg *g, TSNode n, bool *pol, bool fixed);

/* The atom `sw_cond==value` of a case label, the one `if (x == V)` gets;
 * -1 without a pure switch condition or for a value with effects. */
int32_t cfg_case_atom(struct cfg *g, TSNode sw_cond, TSNode value);

/* A test the declared types or the API table decide (cfg_types.c): `ok <
 * 0` of a bool or unsigned local, parameter, file variable or function
 * result (or a copy_from_user()'s) is 0, `len >= 0` 1, a call that is true
 * only when a debugger stopped an oops (die_if_kernel()) 0; -1 for any
 * other condition. */
int cfg_type_decides(const struct cfg *g, TSNode n);

/* The fixed atom `#defined(name)` of an #ifdef or #ifndef. */
int32_t cfg_defined_atom(struct cfg *g, TSNode name);

/* Link the error tests `v<0`, `v<=0` to the atom `v` (cfg_atom.nz_base). */
void cfg_link_atoms(struct cfg *g);

#endif
