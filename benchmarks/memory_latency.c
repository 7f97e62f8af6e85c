/* The latency of one dependent read from memory, by the size of the memory read: the cost of a
 * step down a search tree that reaches a node not in cache (docs/benchmarks.md, "Iterations/s
 * as the tree grows").
 *
 *     cc -O2 benchmarks/memory_latency.c -o /tmp/memory_latency
 *     for mb in 1 8 32 256; do /tmp/memory_latency $mb 0; /tmp/memory_latency $mb 1; done
 *
 * Arguments: megabytes, and 1 to ask for transparent huge pages (Linux, madvise). The lines of
 * the region form one cycle in a random order, so that every read's address comes from the
 * read before and no prefetcher can guess it. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

#define LINE 64
#define STEPS 20000000L

int main(int argc, char** argv) {
    if (argc != 3 || atoi(argv[1]) <= 0) {
        fprintf(stderr, "usage: %s MEGABYTES HUGE(0|1)\n", argv[0]);
        return 2;
    }
    size_t lines = (size_t)atoi(argv[1]) * 1024 * 1024 / LINE;
    char* region = mmap(NULL, lines * LINE, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    size_t* order = malloc(lines * sizeof(size_t));
    if (region == MAP_FAILED || order == NULL) {
        perror("memory_latency");
        return 1;
    }
    madvise(region, lines * LINE, atoi(argv[2]) ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
    uint64_t x = 88172645463325252ULL;         /* xorshift64: a fixed shuffle */
    for (size_t i = 0; i < lines; i++) order[i] = i;
    for (size_t i = lines - 1; i > 0; i--) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        size_t j = x % (i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < lines; i++)         /* each line holds the offset of the next */
        *(size_t*)(region + order[i] * LINE) = order[(i + 1) % lines] * LINE;
    struct timespec start, end;
    size_t at = order[0] * LINE;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long k = 0; k < STEPS; k++) at = *(size_t*)(region + at);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ns = (end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec);
    printf("%s MB, huge pages %s: %.1f ns a read (%zu)\n", argv[1], atoi(argv[2]) ? "asked" : "off",
           ns / STEPS, at % 2);
    return 0;
}
