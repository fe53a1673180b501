/* records.c -- hand-written region records in the .gpuoffload section,
   compiled without the plugin, for info.exp: gpuoffload-info reads them
   with libgpurt's record parser (libgpurt/gpurt-record.c), so it must
   list the valid one (with its reduction argument), skip the one of
   another format version and report the malformed one with the parser's
   reason.  The records follow docs/ABI.md section 1.  */

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
	"gpuoffload-region 3\n"
	"name gpu_later_0\n"
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
