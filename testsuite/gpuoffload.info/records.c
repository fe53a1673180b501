/* records.c -- hand-written region records in the .gpuoffload section,
   compiled without the plugin, for info.exp: gpuoffload-info reads them
   with libgpurt's record parser (libgpurt/gpurt-record.c), so it must
   list the valid ones (with a reduction argument; with speculated calls,
   version 3), skip the one of another format version and report the
   malformed ones with the parser's reason (a 'deopt' line in a record of
   version 1).  The records follow docs/ABI.md sections 1 and 7.  */

#define RECORD(NAME, TEXT)						\
  __attribute__ ((section (".gpuoffload"), used, aligned (1)))		\
  static const char NAME[] = TEXT

RECORD (good,
	"gpuoffload-region 1\n"
	"name gpu_hand_0\n"
	"loc hand.c:7\n"
	"ndim 2\n"
	"fp64 1\n"
	"options -cl-fast-relaxed-math\n"
	"nargs 3\n"
	"arg 0 reduce min f64 lo\n"
	"arg 1 buffer rw v\n"
	"arg 2 scalar 8 n\n"
	"elem 1 f 8\n"
	"reduce 256 global\n"
	"opt hand-written\n"
	"future-key ignored by readers\n"
	"source 13\n"
	"/* kernel */\n");

RECORD (later,
	"gpuoffload-region 5\n"
	"name gpu_later_0\n"
	"source 0\n");

RECORD (speculated,
	"gpuoffload-region 3\n"
	"name gpu_spec_0\n"
	"loc hand.c:11\n"
	"ndim 1\n"
	"fp64 0\n"
	"options\n"
	"nargs 1\n"
	"arg 0 buffer rw v\n"
	"elem 0 i 4\n"
	"deopt 0 hand.c:13 abort\n"
	"deopt 1 hand.c:15 __assert_fail\n"
	"source 0\n");

RECORD (bad_deopt,
	"gpuoffload-region 1\n"
	"name gpu_bad_1\n"
	"loc hand.c:17\n"
	"ndim 1\n"
	"fp64 0\n"
	"options\n"
	"nargs 0\n"
	"deopt 0 hand.c:18 exit\n"
	"source 0\n");

RECORD (bad,
	"gpuoffload-region 1\n"
	"name gpu_bad_0\n"
	"loc hand.c:9\n"
	"ndim 1\n"
	"fp64 0\n"
	"options\n"
	"nargs 1\n"
	"arg 0 buffer x p\n"
	"source 0\n");
