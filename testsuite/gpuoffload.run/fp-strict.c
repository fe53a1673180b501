/* fp-strict.c: under -ffp-contract=off the device rounds every operation as the host does (issue 13, item 6): a three-point stencil run for 200 steps (the data stays on the device between them) equals the serial loop bit for bit (FP_CONTRACT OFF in the kernel: a GPU would otherwise fuse a*b+c and drift apart, while PoCL's CPU device happens not to fuse this loop, so on PoCL this part passes either way).  And GPURT_VERIFY's default tolerance follows the flag: a device result 100 units in the last place off is reported (the old default, 1e-5, let it through), one 8 units off is not.  */
/* { dg-additional-options "-ffp-contract=off" } */
#include "check.h"

/* Its children run regions on the device.  */
CHECK_CHILDREN_USE_DEVICE
#include <sys/wait.h>

static void
step (int n, float w0, float w1, float w2, const float *restrict a,
      float *restrict b)
{
  for (int i GPU_PARALLEL = 1; i < n - 1; i++)
    b[i] = a[i - 1] * w0 + a[i] * w1 + a[i + 1] * w2;
}

static void
serial_step (int n, float w0, float w1, float w2, const float *a, float *b)
{
  for (int i = 1; i < n - 1; i++)
    b[i] = a[i - 1] * w0 + a[i] * w1 + a[i + 1] * w2;
}

static void
stencil (int n, int steps, float *a, float *b, int marked)
{
  for (int s = 0; s < steps; s++)
    {
      if (marked)
	step (n, 0.3f, 0.41f, 0.29f, s & 1 ? b : a, s & 1 ? a : b);
      else
	serial_step (n, 0.3f, 0.41f, 0.29f, s & 1 ? b : a, s & 1 ? a : b);
    }
}

#ifdef __GPUOFFLOAD__
/* Run this program again with GPURT_VERIFY=1 and GPURT_VERIFY_INJECT
   set to INJECT; return what it wrote on stderr (malloc'd).  */
static char *
run_child (const char *inject)
{
  int fd[2];
  CHECK (pipe (fd) == 0, "pipe failed");
  pid_t pid = fork ();
  CHECK (pid >= 0, "fork failed");
  if (pid == 0)
    {
      dup2 (fd[1], 2);
      close (fd[0]);
      setenv ("FP_STRICT_CHILD", "1", 1);
      setenv ("GPURT_VERIFY", "1", 1);
      unsetenv ("GPURT_VERIFY_RTOL");
      setenv ("GPURT_VERIFY_INJECT", inject, 1);
      execl ("/proc/self/exe", "fp-strict", (char *) NULL);
      _exit (127);
    }
  close (fd[1]);
  size_t cap = 1 << 16, len = 0;
  char *buf = check_alloc (cap);
  ssize_t got;
  while ((got = read (fd[0], buf + len, cap - 1 - len)) > 0)
    len += (size_t) got;
  buf[len] = '\0';
  close (fd[0]);
  int status;
  CHECK (waitpid (pid, &status, 0) == pid && WIFEXITED (status)
	 && WEXITSTATUS (status) == 0,
	 "the GPURT_VERIFY=1 run (inject %s) failed:\n%s", inject, buf);
  return buf;
}
#endif

int
main (void)
{
  check_init ();
  if (getenv ("FP_STRICT_CHILD"))
    {
      /* One region; element 5 of its result is the one changed.  */
      float a[64], b[64];
      check_fill_float (a, 64, 1.0f, 2.0f);
      memcpy (b, a, sizeof a);
      step (64, 0.3f, 0.41f, 0.29f, a, b);
      return 0;
    }
#ifdef __GPUOFFLOAD__
  const char *dev = getenv ("GPURT_DEVICE");
  if (!dev || strcmp (dev, "host") != 0)
    {
      char *near = run_child ("5+8");
      CHECK (strstr (near, "GPURT_VERIFY") == NULL,
	     "GPURT_VERIFY reported 8 units in the last place:\n%s", near);
      char *far = run_child ("5+100");
      CHECK (strstr (far, "GPURT_VERIFY: region gpu_step_") != NULL
	     && strstr (far, "): b[5]: device ") != NULL,
	     "GPURT_VERIFY did not report 100 units in the last place:\n%s",
	     far);
      free (near);
      free (far);
    }
#endif
  for (int s = 0; s < CHECK_NSIZES; s++)
    {
      int n = (int) check_sizes[s];
      float *a = check_alloc (n * sizeof (float) + 1);
      float *b = check_alloc (n * sizeof (float) + 1);
      check_fill_float (a, n, -1.0f, 1.0f);
      memcpy (b, a, n * sizeof (float));
      float *aw = check_dup (a, n * sizeof (float) + 1);
      float *bw = check_dup (b, n * sizeof (float) + 1);
      stencil (n, 200, aw, bw, 0);
      stencil (n, 200, a, b, 1);
      CHECK_RAN_ON_DEVICE (n - 2);
      CHECK (n == 0 || (memcmp (a, aw, n * sizeof (float)) == 0
			&& memcmp (b, bw, n * sizeof (float)) == 0),
	     "200 stencil steps differ from serial C under -ffp-contract=off,"
	     " n=%d", n);
      free (a), free (b), free (aw), free (bw);
    }
  return 0;
}
