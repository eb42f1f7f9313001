/* case: lock-release-unheld must not fire: paths where the walk guesses at the lock (the locked object stored into another object, a callee whose name says it releases the object) are not judged: sg_mmap() stores the locked sfp in vma->vm_private_data, and a put of the locked socket looks like its release */
#include <linux/mutex.h>
#include <linux/mm.h>
#include <net/sock.h>

struct sfd {
	struct mutex f_mutex;
	unsigned long bufflen;
	int mmap_called;
};

static int sfd_mmap(struct sfd *sfp, struct vm_area_struct *vma)
{
	int ret = 0;

	if (vma->vm_pgoff)
		return -EINVAL;
	mutex_lock(&sfp->f_mutex);
	if (vma->vm_end - vma->vm_start > sfp->bufflen) {
		ret = -ENOMEM;
		goto out;
	}
	sfp->mmap_called = 1;
	vma->vm_private_data = sfp;
out:
	mutex_unlock(&sfp->f_mutex);
	return ret;
}

static void encap_destroy(struct sock *sk)
{
	void *owner;

	lock_sock(sk);
	owner = sk->sk_user_data;
	if (!owner)
		goto out;
	sk->sk_user_data = NULL;
	sock_put(sk);
out:
	release_sock(sk);
}

int sfd_setup(struct sfd *sfp, struct vm_area_struct *vma, struct sock *sk)
{
	encap_destroy(sk);
	return sfd_mmap(sfp, vma);
}
