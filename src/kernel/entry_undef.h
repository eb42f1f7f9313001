/* SPDX-License-Identifier: GPL-2.0 */
/* After each `#include "entry.def"`: the row macros the includer defined
 * for it (entry_rows.c builds two tables from the one file).  No include
 * guard: it is meant to be included again. */
#undef OPS
#undef DISTINCTIVE
#undef ORDER
#undef HINT
#undef PRIVATE
#undef UNSEEN
#undef TYPED
#undef SIGNATURE
#undef PARAMS
#undef CALL
#undef MACRO
#undef UNDER_KERNEL_DS
#undef REGISTER_CALL
#undef REGISTER_FIELDS
#undef REGISTER_SKIP
