/* Two threads each dup 200 times through libfakempi's MPIX_Comm_dup_fake; prints "evidence: ..." for an id handed
 * out twice, "done: rank 0, N evidence" at the end (mvs.h's protocol, without MPI). */
#include <pthread.h>
#include <stdio.h>
#define THREADS 2
#define DUPS 200

int MPIX_Comm_dup_fake(int comm, int *newcomm);

static int ids[THREADS][DUPS];

static void *work(void *arg) {
    int t = (int)(long)arg;
    for (int i = 0; i < DUPS; i++) MPIX_Comm_dup_fake(0, &ids[t][i]);
    return NULL;
}

int main(void) {
    pthread_t th[THREADS];
    static char seen[16 + THREADS * DUPS * 2];
    int evidence = 0;
    for (long t = 0; t < THREADS; t++) pthread_create(&th[t], NULL, work, (void *)t);
    for (int t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
    for (int t = 0; t < THREADS; t++) {
        for (int i = 0; i < DUPS; i++) {
            int id = ids[t][i];
            if (id < 0 || id >= (int)sizeof seen || seen[id]++) {
                printf("evidence: context id %d handed out twice\n", id);
                evidence++;
            }
        }
    }
    printf("done: rank 0, %d evidence\n", evidence);
    return evidence == 0 ? 0 : 1;
}
