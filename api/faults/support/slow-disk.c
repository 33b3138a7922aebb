/*
 * A slow disk for one folder, for the fault tests: loaded into the server with LD_PRELOAD, it makes
 * every fsync and fdatasync of a file whose path contains SLOW_DISK_MATCH wait SLOW_DISK_MS first
 * (a congested or failing disk takes seconds to flush), and every other file flush as usual. The
 * wait happens on the calling thread, as a real slow flush would.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void wait_if_slow(int fd) {
  const char *match = getenv("SLOW_DISK_MATCH");
  if (match == NULL || *match == '\0') return;
  char link[64];
  char target[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, target, sizeof target - 1);
  if (n <= 0) return;
  target[n] = '\0';
  if (strstr(target, match) == NULL) return;
  const char *ms = getenv("SLOW_DISK_MS");
  long wait = ms != NULL ? atol(ms) : 1000;
  struct timespec pause = { wait / 1000, (wait % 1000) * 1000000L };
  nanosleep(&pause, NULL);
}

int fsync(int fd) {
  static int (*real)(int) = NULL;
  if (real == NULL) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  wait_if_slow(fd);
  return real(fd);
}

int fdatasync(int fd) {
  static int (*real)(int) = NULL;
  if (real == NULL) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  wait_if_slow(fd);
  return real(fd);
}
