/* gpu-extent.cc -- the element counts of GPU_EXTENT, GCC's access
   attribute and C99 [static N] array parameters.

   GPU_EXTENT (count) passes its count as a string (the header stringifies
   it after macro expansion) because C parses an attribute's arguments
   where the attribute stands: in "float *a GPU_EXTENT (size * size), int
   size", 'size' is not declared yet and an expression argument would be
   an error.  This file reads that string as a small C expression:
   integer constants, names, calls, ( ), [ ], . and ->, casts to integer
   types, sizeof, and the unary, binary and conditional integer
   operators.

   A name in the count of a local or global pointer is looked up where the
   pointer is declared (the attribute handler runs there).  The count of a
   parameter is read once the whole function is parsed (PLUGIN_PRE_
   GENERICIZE), so that it may name any parameter of the function, earlier
   or later, and then what is visible at file scope.  At that point the
   access attribute (access (MODE, PTR-IDX, SIZE-IDX)) and [static N]
   become GPU_EXTENT counts too, on the parameters without one.  Either way
   the attribute ends up holding a GENERIC expression of the decls it
   names, which gpu_find evaluates before the region.  */

#include "gpuoffload-gcc.h"
#include "gpuoffload-plugin.h"

/* The C family's name lookup.  lto1 has no front end and so neither of
   these: referring to them weakly lets the plugin load there too (it
   parses nothing there, so never calls them).  */
extern tree lookup_name (tree) __attribute__ ((weak));
extern tree identifier_global_value (tree) __attribute__ ((weak));

/* The state of one parse of the count string.  */
struct extent_parser
{
  const char *s;		/* The text not yet read.  */
  const char *text;		/* The whole count, for messages.  */
  tree fndecl;			/* Whose parameters a name may be, or NULL.  */
  bool check_only;		/* Only check the syntax: names resolve to 0.  */
  const char *err;		/* The first error, NULL while none.  */
  char errname[64];		/* The name an error is about.  */
};

static tree ext_cond (struct extent_parser *p);
static tree ext_call (struct extent_parser *p, const char *b, size_t len);

/* Record the error MSG (about NAME of LEN characters, if any) in P
   unless one is recorded already; returns error_mark_node.  */

static tree
ext_error (struct extent_parser *p, const char *msg, const char *name = NULL,
	   size_t len = 0)
{
  if (!p->err)
    {
      p->err = msg;
      if (name)
	{
	  if (len >= sizeof p->errname)
	    len = sizeof p->errname - 1;
	  memcpy (p->errname, name, len);
	  p->errname[len] = 0;
	}
      else
	p->errname[0] = 0;
    }
  return error_mark_node;
}

static void
ext_skip (struct extent_parser *p)
{
  while (ISSPACE (*p->s))
    p->s++;
}

/* Consume the punctuator TOK from P if it comes next.  */

static bool
ext_accept (struct extent_parser *p, const char *tok)
{
  ext_skip (p);
  size_t n = strlen (tok);
  if (strncmp (p->s, tok, n) != 0)
    return false;
  /* "<" is not the start of "<<", "&" not of "&&", and so on.  */
  if (n == 1 && (tok[0] == '<' || tok[0] == '>' || tok[0] == '&'
		 || tok[0] == '|' || tok[0] == '=')
      && (p->s[1] == tok[0] || p->s[1] == '='))
    return false;
  if (n == 1 && tok[0] == '-' && (p->s[1] == '>' || p->s[1] == '-'))
    return false;
  if (n == 1 && tok[0] == '!' && p->s[1] == '=')
    return false;
  p->s += n;
  return true;
}

/* The identifier starting at P's position, its length in *LEN, or NULL.
   Does not consume it.  */

static const char *
ext_peek_ident (struct extent_parser *p, size_t *len)
{
  ext_skip (p);
  const char *b = p->s;
  if (!ISIDST (*b))
    return NULL;
  const char *e = b;
  while (ISIDNUM (*e))
    e++;
  *len = e - b;
  return b;
}

static bool
ext_is_word (const char *b, size_t len, const char *word)
{
  return strlen (word) == len && strncmp (b, word, len) == 0;
}

/* The type named by the identifier B of LEN characters when it is a type
   keyword or a typedef name, else NULL_TREE.  */

static tree
ext_typedef (struct extent_parser *p, const char *b, size_t len)
{
  static const char *const kw[] = { "char", "short", "int", "long",
				     "signed", "unsigned", "_Bool", "bool",
				     "const", "volatile" };
  for (unsigned i = 0; i < ARRAY_SIZE (kw); i++)
    if (ext_is_word (b, len, kw[i]))
      return integer_type_node;
  tree d = lookup_name (get_identifier_with_length (b, len));
  if (d && TREE_CODE (d) == TYPE_DECL)
    return TREE_TYPE (d);
  return NULL_TREE;
}

/* Parse an integer type name (keywords or a typedef name, no
   declarator) at P; returns the type or error_mark_node.  */

static tree
ext_type_name (struct extent_parser *p)
{
  int longs = 0, shorts = 0, chars = 0, uns = 0, bools = 0, words = 0;
  tree named = NULL_TREE;
  for (;;)
    {
      size_t len;
      const char *b = ext_peek_ident (p, &len);
      if (!b || !ext_typedef (p, b, len))
	break;
      words++;
      if (ext_is_word (b, len, "long"))
	longs++;
      else if (ext_is_word (b, len, "short"))
	shorts++;
      else if (ext_is_word (b, len, "char"))
	chars++;
      else if (ext_is_word (b, len, "unsigned"))
	uns++;
      else if (ext_is_word (b, len, "_Bool") || ext_is_word (b, len, "bool"))
	bools++;
      else if (!ext_is_word (b, len, "int") && !ext_is_word (b, len, "signed")
	       && !ext_is_word (b, len, "const")
	       && !ext_is_word (b, len, "volatile"))
	named = ext_typedef (p, b, len);
      p->s = b + len;
    }
  if (!words)
    return ext_error (p, "expected a type name");
  if (named)
    return INTEGRAL_TYPE_P (named) ? named
	   : ext_error (p, "a cast in it is not to an integer type");
  if (bools)
    return boolean_type_node;
  if (chars)
    return uns ? unsigned_char_type_node : signed_char_type_node;
  if (shorts)
    return uns ? short_unsigned_type_node : short_integer_type_node;
  if (longs >= 2)
    return uns ? long_long_unsigned_type_node : long_long_integer_type_node;
  if (longs)
    return uns ? long_unsigned_type_node : long_integer_type_node;
  return uns ? unsigned_type_node : integer_type_node;
}

/* Whether a type name starts at P (after an opening parenthesis).  */

static bool
ext_type_follows (struct extent_parser *p)
{
  size_t len;
  const char *b = ext_peek_ident (p, &len);
  return b && ext_typedef (p, b, len);
}

/* The declaration the name B of LEN characters stands for: a parameter
   of P->fndecl, else whatever C sees at this point.  */

static tree
ext_lookup (struct extent_parser *p, const char *b, size_t len)
{
  tree id = get_identifier_with_length (b, len);
  if (p->fndecl)
    for (tree a = DECL_ARGUMENTS (p->fndecl); a; a = DECL_CHAIN (a))
      if (DECL_NAME (a) == id)
	return a;
  tree d = lookup_name (id);
  if (!d && p->fndecl)
    d = identifier_global_value (id);
  return d;
}

/* An integer value of T converted to the type the count is computed in.  */

static tree
ext_int (struct extent_parser *p, tree t)
{
  if (t == error_mark_node)
    return t;
  if (!INTEGRAL_TYPE_P (TREE_TYPE (t)))
    return ext_error (p, "an operand is not an integer");
  return fold_convert (long_integer_type_node, t);
}

/* A call of the function named B (LEN characters), whose "(" P has
   read: the arguments converted to its parameters' types.  It is made
   before the region, like the rest of the count.  */

static tree
ext_call (struct extent_parser *p, const char *b, size_t len)
{
  auto_vec<tree> args;
  if (!ext_accept (p, ")"))
    do
      args.safe_push (ext_cond (p));
    while (ext_accept (p, ","));
  if (!p->err && !ext_accept (p, ")"))
    return ext_error (p, "expected ')'");
  if (p->err)
    return error_mark_node;
  if (p->check_only)
    return build_int_cst (long_integer_type_node, 0);
  tree fn = ext_lookup (p, b, len);
  if (!fn || TREE_CODE (fn) != FUNCTION_DECL)
    return ext_error (p, "%qs is not a function declared here", b, len);
  tree parm = TYPE_ARG_TYPES (TREE_TYPE (fn));
  for (unsigned i = 0; i < args.length (); i++)
    {
      if (!parm || VOID_TYPE_P (TREE_VALUE (parm)))
	{
	  if (!stdarg_p (TREE_TYPE (fn)))
	    return ext_error (p, "%qs is given too many arguments", b, len);
	  continue;
	}
      tree want = TREE_VALUE (parm);
      if (POINTER_TYPE_P (want) != POINTER_TYPE_P (TREE_TYPE (args[i]))
	  && !(POINTER_TYPE_P (want) && integer_zerop (args[i])))
	return ext_error (p, "an argument of %qs has the wrong type", b, len);
      args[i] = fold_convert (want, args[i]);
      parm = TREE_CHAIN (parm);
    }
  if (parm && !VOID_TYPE_P (TREE_VALUE (parm)))
    return ext_error (p, "%qs is given too few arguments", b, len);
  /* Nothing else may refer to a static function the count calls: keep
     it (as __attribute__ ((used)) would).  */
  TREE_USED (fn) = 1;
  DECL_PRESERVE_P (fn) = 1;
  tree call = build_call_expr_loc_array (UNKNOWN_LOCATION, fn,
					 args.length (), args.address ());
  if (!INTEGRAL_TYPE_P (TREE_TYPE (call)))
    return ext_error (p, "%qs does not return an integer", b, len);
  return call;
}

/* A primary expression: a constant, a name or a parenthesized count.  */

static tree
ext_primary (struct extent_parser *p)
{
  ext_skip (p);
  if (ext_accept (p, "("))
    {
      tree t = ext_cond (p);
      if (!ext_accept (p, ")"))
	return ext_error (p, "expected ')'");
      return t;
    }
  if (ISDIGIT (*p->s))
    {
      char *end;
      errno = 0;
      unsigned long long v = strtoull (p->s, &end, 0);
      if (errno || v > (unsigned long long) LONG_MAX)
	return ext_error (p, "a constant in it is too large");
      p->s = end;
      while (*p->s == 'u' || *p->s == 'U' || *p->s == 'l' || *p->s == 'L')
	p->s++;
      if (ISIDNUM (*p->s) || *p->s == '.')
	return ext_error (p, "a constant in it is not an integer");
      return build_int_cst (long_integer_type_node, (HOST_WIDE_INT) v);
    }
  size_t len;
  const char *b = ext_peek_ident (p, &len);
  if (!b)
    return ext_error (p, "expected a name or a constant");
  p->s = b + len;
  if (ext_accept (p, "("))
    return ext_call (p, b, len);
  if (p->check_only)
    return build_int_cst (long_integer_type_node, 0);
  tree d = ext_lookup (p, b, len);
  if (!d)
    return ext_error (p, "%qs is not declared here", b, len);
  if (TREE_CODE (d) == CONST_DECL)
    return DECL_INITIAL (d);
  if (!VAR_P (d) && TREE_CODE (d) != PARM_DECL)
    return ext_error (p, "%qs is not a variable or a parameter", b, len);
  return d;
}

/* The object T points to.  */

static tree
ext_deref (struct extent_parser *p, tree t)
{
  if (t == error_mark_node)
    return t;
  if (!POINTER_TYPE_P (TREE_TYPE (t))
      || VOID_TYPE_P (TREE_TYPE (TREE_TYPE (t))))
    return ext_error (p, "it dereferences something that is not a pointer");
  return build1 (INDIRECT_REF, TREE_TYPE (TREE_TYPE (t)), t);
}

/* Postfix forms: [ ], . and -> after a primary expression.  */

static tree
ext_postfix (struct extent_parser *p)
{
  tree t = ext_primary (p);
  for (;;)
    {
      if (ext_accept (p, "["))
	{
	  tree i = ext_int (p, ext_cond (p));
	  if (!ext_accept (p, "]"))
	    return ext_error (p, "expected ']'");
	  if (p->check_only || t == error_mark_node || i == error_mark_node)
	    continue;
	  tree ty = TREE_TYPE (t);
	  if (TREE_CODE (ty) == ARRAY_TYPE)
	    t = build4 (ARRAY_REF, TREE_TYPE (ty), t, i, NULL_TREE,
			NULL_TREE);
	  else if (POINTER_TYPE_P (ty)
		   && COMPLETE_TYPE_P (TREE_TYPE (ty)))
	    {
	      tree off = fold_build2 (MULT_EXPR, sizetype,
				      fold_convert (sizetype, i),
				      TYPE_SIZE_UNIT (TREE_TYPE (ty)));
	      t = ext_deref (p, fold_build_pointer_plus (t, off));
	    }
	  else
	    return ext_error (p, "it indexes something that is not an "
			      "array or a pointer");
	  continue;
	}
      bool arrow = ext_accept (p, "->");
      if (!arrow && !ext_accept (p, "."))
	return t;
      size_t len;
      const char *b = ext_peek_ident (p, &len);
      if (!b)
	return ext_error (p, "expected a member name");
      p->s = b + len;
      if (p->check_only || t == error_mark_node)
	continue;
      if (arrow)
	t = ext_deref (p, t);
      if (t == error_mark_node)
	return t;
      tree rec = TREE_TYPE (t);
      if (!RECORD_OR_UNION_TYPE_P (rec))
	return ext_error (p, "%qs is asked of something that is not a "
			  "struct or a union", b, len);
      tree id = get_identifier_with_length (b, len);
      tree f;
      for (f = TYPE_FIELDS (rec); f; f = DECL_CHAIN (f))
	if (TREE_CODE (f) == FIELD_DECL && DECL_NAME (f) == id)
	  break;
      if (!f)
	return ext_error (p, "there is no member %qs", b, len);
      t = build3 (COMPONENT_REF, TREE_TYPE (f), t, f, NULL_TREE);
    }
}

/* Unary operators, casts and sizeof.  */

static tree
ext_unary (struct extent_parser *p)
{
  if (ext_accept (p, "-"))
    {
      tree t = ext_int (p, ext_unary (p));
      return t == error_mark_node ? t
	     : fold_build1 (NEGATE_EXPR, long_integer_type_node, t);
    }
  if (ext_accept (p, "+"))
    return ext_int (p, ext_unary (p));
  if (ext_accept (p, "~"))
    {
      tree t = ext_int (p, ext_unary (p));
      return t == error_mark_node ? t
	     : fold_build1 (BIT_NOT_EXPR, long_integer_type_node, t);
    }
  if (ext_accept (p, "!"))
    {
      tree t = ext_int (p, ext_unary (p));
      return t == error_mark_node ? t
	     : fold_convert (long_integer_type_node,
			     fold_build2 (EQ_EXPR, boolean_type_node, t,
					  build_int_cst (TREE_TYPE (t), 0)));
    }
  size_t len;
  const char *b = ext_peek_ident (p, &len);
  if (b && ext_is_word (b, len, "sizeof"))
    {
      p->s = b + len;
      const char *save = p->s;
      tree ty = NULL_TREE;
      if (ext_accept (p, "(") && ext_type_follows (p))
	{
	  ty = ext_type_name (p);
	  if (!ext_accept (p, ")"))
	    return ext_error (p, "expected ')'");
	}
      else
	{
	  p->s = save;
	  tree t = ext_unary (p);
	  if (t != error_mark_node)
	    ty = TREE_TYPE (t);
	  else
	    ty = t;
	}
      if (ty == error_mark_node)
	return ty;
      if (p->check_only)
	return build_int_cst (long_integer_type_node, 1);
      if (!COMPLETE_TYPE_P (ty)
	  || TREE_CODE (TYPE_SIZE_UNIT (ty)) != INTEGER_CST)
	return ext_error (p, "it takes the size of something of no "
			  "constant size");
      return fold_convert (long_integer_type_node, TYPE_SIZE_UNIT (ty));
    }
  const char *save = p->s;
  if (ext_accept (p, "("))
    {
      if (ext_type_follows (p))
	{
	  tree ty = ext_type_name (p);
	  if (!ext_accept (p, ")"))
	    return ext_error (p, "expected ')'");
	  tree t = ext_unary (p);
	  if (ty == error_mark_node || t == error_mark_node)
	    return error_mark_node;
	  return ext_int (p, fold_convert (ty, ext_int (p, t)));
	}
      p->s = save;
    }
  return ext_postfix (p);
}

/* Binary operators by precedence, lowest first: LEVEL indexes this
   table.  */

static const struct
{
  const char *tok[4];
  enum tree_code code[4];
} ext_levels[] = {
  { { "||" }, { TRUTH_ORIF_EXPR } },
  { { "&&" }, { TRUTH_ANDIF_EXPR } },
  { { "|" }, { BIT_IOR_EXPR } },
  { { "^" }, { BIT_XOR_EXPR } },
  { { "&" }, { BIT_AND_EXPR } },
  { { "==", "!=" }, { EQ_EXPR, NE_EXPR } },
  { { "<=", ">=", "<", ">" }, { LE_EXPR, GE_EXPR, LT_EXPR, GT_EXPR } },
  { { "<<", ">>" }, { LSHIFT_EXPR, RSHIFT_EXPR } },
  { { "+", "-" }, { PLUS_EXPR, MINUS_EXPR } },
  { { "*", "/", "%" }, { MULT_EXPR, TRUNC_DIV_EXPR, TRUNC_MOD_EXPR } },
};

static tree
ext_binary (struct extent_parser *p, unsigned level)
{
  if (level == ARRAY_SIZE (ext_levels))
    return ext_unary (p);
  tree t = ext_binary (p, level + 1);
  for (;;)
    {
      unsigned k;
      for (k = 0; k < 4 && ext_levels[level].tok[k]; k++)
	if (ext_accept (p, ext_levels[level].tok[k]))
	  break;
      if (k == 4 || !ext_levels[level].tok[k])
	return t;
      tree u = ext_int (p, ext_binary (p, level + 1));
      t = ext_int (p, t);
      if (t == error_mark_node || u == error_mark_node)
	{
	  t = error_mark_node;
	  continue;
	}
      enum tree_code code = ext_levels[level].code[k];
      if (TREE_CODE_CLASS (code) == tcc_comparison
	  || code == TRUTH_ORIF_EXPR || code == TRUTH_ANDIF_EXPR)
	{
	  tree zero = build_int_cst (long_integer_type_node, 0);
	  if (code == TRUTH_ORIF_EXPR || code == TRUTH_ANDIF_EXPR)
	    {
	      t = fold_build2 (NE_EXPR, boolean_type_node, t, zero);
	      u = fold_build2 (NE_EXPR, boolean_type_node, u, zero);
	    }
	  t = fold_convert (long_integer_type_node,
			    fold_build2 (code, boolean_type_node, t, u));
	}
      else
	t = fold_build2 (code, long_integer_type_node, t, u);
    }
}

/* A conditional expression (the whole count).  */

static tree
ext_cond (struct extent_parser *p)
{
  tree c = ext_binary (p, 0);
  if (!ext_accept (p, "?"))
    return c;
  tree a = ext_int (p, ext_cond (p));
  if (!ext_accept (p, ":"))
    return ext_error (p, "expected ':'");
  tree b = ext_int (p, ext_cond (p));
  c = ext_int (p, c);
  if (c == error_mark_node || a == error_mark_node || b == error_mark_node)
    return error_mark_node;
  return fold_build3 (COND_EXPR, long_integer_type_node,
		      fold_build2 (NE_EXPR, boolean_type_node, c,
				   build_int_cst (long_integer_type_node, 0)),
		      a, b);
}

/* Read the count TEXT of the GPU_EXTENT of DECL: with FNDECL, names may
   be its parameters; with CHECK_ONLY, only the syntax is checked.
   Returns the count as a GENERIC expression of type long, or NULL_TREE
   after an error (reported at DECL).  */

static tree
ext_parse (tree decl, const char *text, tree fndecl, bool check_only)
{
  struct extent_parser p;
  p.s = p.text = text;
  p.fndecl = fndecl;
  p.check_only = check_only;
  p.err = NULL;
  tree t = ext_int (&p, ext_cond (&p));
  ext_skip (&p);
  if (!p.err && *p.s)
    ext_error (&p, "unexpected %qs", p.s, strlen (p.s));
  if (!p.err)
    return t;
  /* The messages are our own fixed strings with at most one %qs.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-security"
  char *msg = concat ("%<GPU_EXTENT (%s)%> of %qD: ", p.err, NULL);
  error_at (DECL_SOURCE_LOCATION (decl), msg, text, decl, p.errname);
#pragma GCC diagnostic pop
  free (msg);
  return NULL_TREE;
}

/* See gpuoffload-plugin.h.  */

bool
gpu_extent_handle (tree decl, tree args)
{
  tree v = TREE_VALUE (args);
  if (TREE_CODE (v) != STRING_CST)
    {
      if (!INTEGRAL_TYPE_P (TREE_TYPE (v)))
	{
	  error_at (DECL_SOURCE_LOCATION (decl),
		    "%<GPU_EXTENT%> needs an integer element count");
	  return false;
	}
      return true;
    }
  const char *text = TREE_STRING_POINTER (v);
  /* A parameter's count may name later parameters: read it when the
     function is complete (gpu_extent_finish_function).  */
  if (TREE_CODE (decl) == PARM_DECL)
    return ext_parse (decl, text, NULL_TREE, true) != NULL_TREE;
  tree t = ext_parse (decl, text, NULL_TREE, false);
  if (!t)
    return false;
  TREE_VALUE (args) = t;
  return true;
}

/* The GPU_EXTENT count that the access attribute or [static N] of
   FNDECL gives its parameter number ARGNO (from 0), NULL_TREE if none.
   MAP holds FNDECL's access specifications.  */

static tree
access_count (tree fndecl, rdwr_map *map, unsigned argno)
{
  attr_access *acc = map->get (argno);
  if (!acc)
    return NULL_TREE;
  /* [static N] with a constant N.  */
  if (acc->internal_p && acc->static_p && acc->minsize
      && acc->minsize != HOST_WIDE_INT_M1U)
    return build_int_cst (long_integer_type_node, acc->minsize);
  /* access (MODE, PTR-IDX, SIZE-IDX), or [static n] with a parameter n.  */
  if (acc->sizarg == UINT_MAX || (acc->internal_p && !acc->static_p))
    return NULL_TREE;
  tree a = DECL_ARGUMENTS (fndecl);
  for (unsigned i = 0; a && i < acc->sizarg; i++)
    a = DECL_CHAIN (a);
  if (!a || !INTEGRAL_TYPE_P (TREE_TYPE (a)))
    return NULL_TREE;
  return a;
}

/* PLUGIN_PRE_GENERICIZE callback: FNDECL (GCC_DATA) is parsed.  Read
   the GPU_EXTENT counts of its parameters, and make its access
   attributes and [static N] parameters GPU_EXTENT counts.  */

void
gpu_extent_finish_function (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return;
  rdwr_map map;
  init_attr_rdwr_indices (&map, TYPE_ATTRIBUTES (TREE_TYPE (fndecl)));
  unsigned argno = 0;
  for (tree a = DECL_ARGUMENTS (fndecl); a; a = DECL_CHAIN (a), argno++)
    {
      if (!POINTER_TYPE_P (TREE_TYPE (a)))
	continue;
      tree attr = lookup_attribute (GPU_ATTR_EXTENT, DECL_ATTRIBUTES (a));
      if (attr)
	{
	  tree args = TREE_VALUE (attr);
	  if (TREE_CODE (TREE_VALUE (args)) != STRING_CST)
	    continue;
	  tree t = ext_parse (a, TREE_STRING_POINTER (TREE_VALUE (args)),
			      fndecl, false);
	  if (!t)
	    {
	      /* Reported: drop the attribute.  */
	      DECL_ATTRIBUTES (a) = remove_attribute (GPU_ATTR_EXTENT,
						      DECL_ATTRIBUTES (a));
	      continue;
	    }
	  /* The attribute list may be shared with a declaration of the
	     function: give this parameter its own.  */
	  DECL_ATTRIBUTES (a)
	    = tree_cons (get_identifier (GPU_ATTR_EXTENT),
			 build_tree_list (NULL_TREE, t),
			 remove_attribute (GPU_ATTR_EXTENT,
					   DECL_ATTRIBUTES (a)));
	  continue;
	}
      tree count = access_count (fndecl, &map, argno);
      if (count)
	DECL_ATTRIBUTES (a)
	  = tree_cons (get_identifier (GPU_ATTR_EXTENT),
		       build_tree_list (NULL_TREE, count),
		       DECL_ATTRIBUTES (a));
    }
}
