/* The command interface of a made-up RDMA-like character device: a
 * header, then a command whose struct holds where to write the answer. */
#ifndef XDEV_H
#define XDEV_H

#include <linux/types.h>

struct xdev_file {
	u32 version;
	u32 flags;
};

struct xdev_cmd_hdr {
	u32 command;
	u16 in_words;
	u16 out_words;
};

struct xdev_query {
	u64 response;
};

struct xdev_query_resp {
	u32 version;
};

struct xdev_reset {
	u32 flags;
};

enum { XDEV_CMD_QUERY, XDEV_CMD_RESET, XDEV_CMD_PING };

ssize_t xdev_cmd_query(struct xdev_file *file, const char __user *buf, int in_len, int out_len);
ssize_t xdev_cmd_reset(struct xdev_file *file, const char __user *buf, int in_len, int out_len);
ssize_t xdev_cmd_ping(struct xdev_file *file, const char __user *buf, int in_len, int out_len);

#endif
