/* x86's limit lives in its thread_info (5.9) */
typedef struct {
	unsigned long seg;
} mm_segment_t;
