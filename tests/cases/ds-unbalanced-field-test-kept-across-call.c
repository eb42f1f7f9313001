// SPDX-License-Identifier: GPL-2.0
/*
 * A test of `this->m_irq` made before a call that is given `this` still
 * holds after it when the callee, defined in the file, writes no such
 * field (the Lenovo K900 tree's vtsspp acc_read(): raised and restored
 * under the same `this->m_irq`, acc_page_pin(this, addr) between them only
 * reads it, and writes `m_page` through &this->m_page): nothing to report.
 * A callee may hand the pointer to another function of the file, which
 * is read too (acc_unpin(), which writes only m_page).  A callee that
 * writes the field, directly or through one it calls, or hands the pointer
 * to a function out of view, may change it: those are reported.
 */
struct acc {
	int m_irq;
	unsigned long m_page_id;
	struct page *m_page;
	char m_buf[16];
};
int pin_ext(struct acc *a);

static void acc_unpin(struct acc *this)
{
	if (this->m_page)
		put_page(this->m_page);
	this->m_page = NULL;
}

static int acc_page_pin(struct acc *this, unsigned long addr)
{
	char tmp[8];

	tmp[0] = 0;
	sprintf(tmp, "%lu", addr);
	this->m_page_id++;
	acc_unpin(this);
	if (this->m_irq)
		return get_user_pages_fast(addr, 1, 0, &this->m_page) != 1;
	return 1;
}

static size_t acc_read(struct acc *this, void *from, size_t size)
{
	size_t bytes = 0;
	unsigned long addr = (unsigned long)from;
	mm_segment_t old_fs = get_fs();

	if (this->m_irq)
		set_fs(KERNEL_DS);
	do {
		if (acc_page_pin(this, addr))
			break;
		bytes += 8;
	} while (bytes < size);
	if (this->m_irq)
		set_fs(old_fs);
	return bytes;
}

static int acc_drop(struct acc *this)
{
	this->m_irq = 0;
	return 0;
}

static size_t acc_read_drop(struct acc *this, void *from, size_t size)
{
	mm_segment_t old_fs = get_fs();

	if (this->m_irq)
		set_fs(KERNEL_DS);
	acc_drop(this);
	if (this->m_irq)
		set_fs(old_fs);
	return size; /* expect: ds-unbalanced */
}

static int acc_pass(struct acc *this)
{
	acc_unpin(this);
	return pin_ext(this);
}

/* ... or hands it to one of the file that writes it */
static int acc_reset(struct acc *this)
{
	acc_unpin(this);
	return acc_drop(this);
}

static size_t acc_read_reset(struct acc *this, void *from, size_t size)
{
	mm_segment_t old_fs = get_fs();

	if (this->m_irq)
		set_fs(KERNEL_DS);
	acc_reset(this);
	if (this->m_irq)
		set_fs(old_fs);
	return size; /* expect: ds-unbalanced */
}

static size_t acc_read_pass(struct acc *this, void *from, size_t size)
{
	mm_segment_t old_fs = get_fs();

	if (this->m_irq)
		set_fs(KERNEL_DS);
	acc_pass(this);
	if (this->m_irq)
		set_fs(old_fs);
	return size; /* expect: ds-unbalanced */
}

size_t acc_read_all(struct acc *a, void *f, size_t s)
{
	return acc_read(a, f, s) + acc_read_drop(a, f, s) + acc_read_pass(a, f, s) +
	       acc_read_reset(a, f, s);
}
