/* case: asmlinkage also marks the semaphores' slow paths of old kernels, called from the inline assembly of down() (__down_failed()): they return holding what they took, by design; they are entry points for the address limit only, so no lock-held-return; a helper that is not asmlinkage is no entry either */
/* args: -Wlock-unbalanced */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <asm/semaphore.h>

struct sem_demo {
	spinlock_t lock;
	int count;
};

asmlinkage void __down_failed_demo(struct sem_demo *sem)
{
	spin_lock(&sem->lock);
	sem->count--;
}

asmlinkage int __down_failed_trylock_demo(struct sem_demo *sem)
{
	spin_lock(&sem->lock);
	if (sem->count > 0) {
		sem->count--;
		return 0;
	}
	spin_unlock(&sem->lock);
	return 1;
}
