static inline void set_fs(mm_segment_t fs)
{
	current_thread_info()->addr_limit = fs;
}
