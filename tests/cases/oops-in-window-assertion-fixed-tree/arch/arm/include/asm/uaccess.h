/* arm's limit, 4.14 */
static inline void set_fs(mm_segment_t fs)
{
	current_thread_info()->addr_limit = fs;
	set_thread_flag(TIF_FSCHECK);
}
