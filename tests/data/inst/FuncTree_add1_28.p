% sequent FuncTree.add1:28
% sort int: erased (infinite in every intended model: erasure needs no monotonicity)
% sort obj: erased (infinite in every intended model: erasure needs no monotonicity)
cnf(le_refl_1, axiom, (int_lesseq(X0,X0))).
cnf(le_trans_2, axiom, (~int_lesseq(X0,X1) | ~int_lesseq(X1,X2) | int_lesseq(X0,X2))).
cnf(le_antisym_3, axiom, (~int_lesseq(X0,X1) | ~int_lesseq(X1,X0) | X0 = X1)).
cnf(le_total_4, axiom, (int_lesseq(X0,X1) | int_lesseq(X1,X0))).
cnf(lt_def_5, axiom, (~int_less(X0,X1) | int_lesseq(X0,X1))).
cnf(lt_def_6, axiom, (~int_less(X0,X1) | X0 != X1)).
cnf(lt_def_7, axiom, (~int_lesseq(X0,X1) | X0 = X1 | int_less(X0,X1))).
cnf(lt_succ_8, axiom, (~int_less(X0,X1) | int_lesseq(int_plus(X0,int_1),X1))).
cnf(lt_succ_9, axiom, (~int_lesseq(int_plus(X0,int_1),X1) | int_less(X0,X1))).
cnf(add_comm_10, axiom, (int_plus(X0,X1) = int_plus(X1,X0))).
cnf(add_assoc_11, axiom, (int_plus(int_plus(X0,X1),X2) = int_plus(X0,int_plus(X1,X2)))).
cnf(add_zero_12, axiom, (int_plus(X0,int_0) = X0)).
cnf(add_cancel_13, axiom, (int_plus(X0,X1) != int_plus(X2,X1) | X0 = X2)).
cnf(add_mono_14, axiom, (~int_lesseq(X0,X1) | int_lesseq(int_plus(X0,X2),int_plus(X1,X2)))).
cnf(int_diff_def_15, axiom, (int_plus(int_minus(X0,X1),X1) = X0)).
cnf(int_neg_def_16, axiom, (int_neg(X0) = int_minus(int_0,X0))).
cnf(mult_one_17, axiom, (int_times(X0,int_1) = X0)).
cnf(mult_zero_18, axiom, (int_times(X0,int_0) = int_0)).
cnf(zero_lt_one_19, axiom, (int_less(int_0,int_1))).
cnf(mod_range_20, axiom, (~int_lesseq(int_0,X0) | ~int_less(int_0,X1) | int_lesseq(int_0,int_mod(X0,X1)))).
cnf(mod_range_21, axiom, (~int_lesseq(int_0,X0) | ~int_less(int_0,X1) | int_less(int_mod(X0,X1),X1))).
cnf(lt_irrefl_22, axiom, (~int_less(X0,X0))).
cnf(lt_trans_23, axiom, (~int_less(X0,X1) | ~int_less(X1,X2) | int_less(X0,X2))).
cnf(lt_asym_24, axiom, (~int_less(X0,X1) | ~int_less(X1,X0))).
cnf(not_lt_25, axiom, (int_less(X0,X1) | int_lesseq(X1,X0))).
cnf(not_lt_26, axiom, (~int_lesseq(X0,X1) | ~int_less(X1,X0))).
cnf(not_le_27, axiom, (int_lesseq(X0,X1) | int_less(X1,X0))).
cnf(not_le_28, axiom, (~int_less(X0,X1) | ~int_lesseq(X1,X0))).
cnf(le_lt_trans_29, axiom, (~int_lesseq(X0,X1) | ~int_less(X1,X2) | int_less(X0,X2))).
cnf(lt_le_trans_30, axiom, (~int_less(X0,X1) | ~int_lesseq(X1,X2) | int_less(X0,X2))).
cnf(lt_ne_31, axiom, (~int_less(X0,X1) | X0 != X1)).
cnf(heap_1_32, axiom, (c_Pair(null))).
cnf(heap_2_33, axiom, (~c_Pair(X0) | ~c_FuncTree(X0) | X0 = null)).
cnf(heap_3_34, axiom, (c_FuncTree(null))).
cnf(heap_4_35, axiom, (c_Object_alloc(null))).
cnf(typing_5_36, axiom, (int_lesseq(int_0,c_Array_length(X0)))).
cnf(typing_6_37, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_Pair_data(X0)))).
cnf(typing_7_38, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_data(X0)))).
cnf(typing_8_39, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_left(X0)))).
cnf(typing_9_40, axiom, (c_FuncTree(c_FuncTree_left(X0)))).
cnf(typing_10_41, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_right(X0)))).
cnf(typing_11_42, axiom, (c_FuncTree(c_FuncTree_right(X0)))).
cnf(pre_12_43, axiom, (c_FuncTree_add1_v != null)).
cnf(pre_13_44, axiom, (~c_FuncTree_content(c_FuncTree_add1_t,c_FuncTree_add1_k,X0))).
cnf(inv_14_45, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_14_46, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_14_47, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_14_48, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_14_49, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_15_50, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(inv_16_51, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(inv_17_52, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(inv_18_53, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(typing_19_54, axiom, (c_Object_alloc(c_FuncTree_add1_v))).
cnf(typing_20_55, axiom, (c_Object_alloc(c_FuncTree_add1_t))).
cnf(typing_21_56, axiom, (c_FuncTree(c_FuncTree_add1_t))).
cnf(branch_48_57, axiom, (c_FuncTree_add1_t != null)).
cnf(assume_49_58, axiom, (c_FuncTree_add1_t != null)).
cnf(branch_50_59, axiom, (int_less(c_FuncTree_add1_k,c_FuncTree_key(c_FuncTree_add1_t)))).
cnf(assume_51_60, axiom, (c_FuncTree_add1_t != null)).
cnf(call_52_61, axiom, (c_FuncTree_add1_v != null)).
cnf(call_53_62, axiom, (~c_FuncTree_content(c_FuncTree_left(c_FuncTree_add1_t),c_FuncTree_add1_k,X0))).
cnf(call_54_63, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_54_64, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_54_65, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(call_54_66, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_54_67, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_55_68, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(call_56_69, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(call_57_70, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(call_58_71, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(call_59_72, axiom, (~c_Object_alloc(X0) | c_Object_alloc_3(X0))).
cnf(call_60_73, axiom, (~c_Object_alloc(X0) | c_FuncTree_key_4(X0) = c_FuncTree_key(X0))).
cnf(call_61_74, axiom, (~c_Object_alloc(X0) | c_FuncTree_data_4(X0) = c_FuncTree_data(X0))).
cnf(call_62_75, axiom, (~c_Object_alloc(X0) | c_FuncTree_left_4(X0) = c_FuncTree_left(X0))).
cnf(call_63_76, axiom, (~c_Object_alloc(X0) | c_FuncTree_right_4(X0) = c_FuncTree_right(X0))).
cnf(call_64_77, axiom, (~c_Object_alloc(X0) | ~c_FuncTree_content_4(X0,X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_64_78, axiom, (~c_Object_alloc(X0) | ~c_FuncTree_content(X0,X1,X2) | c_FuncTree_content_4(X0,X1,X2))).
cnf(call_65_79, axiom, (~c_FuncTree_content_4(new_left_1,X0,X1) | c_FuncTree_content_4(c_FuncTree_left(c_FuncTree_add1_t),X0,X1) | X0 = c_FuncTree_add1_k)).
cnf(call_65_80, axiom, (~c_FuncTree_content_4(new_left_1,X0,X1) | c_FuncTree_content_4(c_FuncTree_left(c_FuncTree_add1_t),X0,X1) | X1 = c_FuncTree_add1_v)).
cnf(call_65_81, axiom, (~c_FuncTree_content_4(c_FuncTree_left(c_FuncTree_add1_t),X0,X1) | c_FuncTree_content_4(new_left_1,X0,X1))).
cnf(call_65_82, axiom, (X0 != c_FuncTree_add1_k | X1 != c_FuncTree_add1_v | c_FuncTree_content_4(new_left_1,X0,X1))).
cnf(inv_66_83, axiom, (~c_Object_alloc_3(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_4(X0,X1,X2) | X1 = c_FuncTree_key_4(X0) | c_FuncTree_content_4(c_FuncTree_left_4(X0),X1,X2) | c_FuncTree_content_4(c_FuncTree_right_4(X0),X1,X2))).
cnf(inv_66_84, axiom, (~c_Object_alloc_3(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_4(X0,X1,X2) | X2 = c_FuncTree_data_4(X0) | c_FuncTree_content_4(c_FuncTree_left_4(X0),X1,X2) | c_FuncTree_content_4(c_FuncTree_right_4(X0),X1,X2))).
cnf(inv_66_85, axiom, (~c_Object_alloc_3(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key_4(X0) | X2 != c_FuncTree_data_4(X0) | c_FuncTree_content_4(X0,X1,X2))).
cnf(inv_66_86, axiom, (~c_Object_alloc_3(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_4(c_FuncTree_left_4(X0),X1,X2) | c_FuncTree_content_4(X0,X1,X2))).
cnf(inv_66_87, axiom, (~c_Object_alloc_3(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_4(c_FuncTree_right_4(X0),X1,X2) | c_FuncTree_content_4(X0,X1,X2))).
cnf(inv_67_88, axiom, (~c_Object_alloc_3(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content_4(X0,X1,X2))).
cnf(inv_68_89, axiom, (~c_Object_alloc_3(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data_4(X0) != null)).
cnf(inv_69_90, axiom, (~c_Object_alloc_3(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content_4(c_FuncTree_left_4(X0),X1,X2) | int_less(X1,c_FuncTree_key_4(X0)))).
cnf(inv_70_91, axiom, (~c_Object_alloc_3(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content_4(c_FuncTree_right_4(X0),X1,X2) | int_less(c_FuncTree_key_4(X0),X1))).
cnf(typing_71_92, axiom, (c_Object_alloc_3(new_left_1))).
cnf(typing_72_93, axiom, (c_FuncTree(new_left_1))).
cnf(heap_73_94, axiom, (c_Object_alloc_3(null))).
cnf(typing_74_95, axiom, (~c_Object_alloc_3(X0) | c_Object_alloc_3(c_Pair_data(X0)))).
cnf(typing_75_96, axiom, (~c_Object_alloc_3(X0) | c_Object_alloc_3(c_FuncTree_data_4(X0)))).
cnf(typing_76_97, axiom, (~c_Object_alloc_3(X0) | c_Object_alloc_3(c_FuncTree_left_4(X0)))).
cnf(typing_77_98, axiom, (c_FuncTree(c_FuncTree_left_4(X0)))).
cnf(typing_78_99, axiom, (~c_Object_alloc_3(X0) | c_Object_alloc_3(c_FuncTree_right_4(X0)))).
cnf(typing_79_100, axiom, (c_FuncTree(c_FuncTree_right_4(X0)))).
cnf(assume_80_101, axiom, (c_FuncTree_add1_t != null)).
cnf(stmt_81_102, axiom, (new_right_1 = c_FuncTree_right_4(c_FuncTree_add1_t))).
cnf(typing_82_103, axiom, (r_2 != null)).
cnf(typing_82_104, axiom, (~c_Object_alloc_3(r_2))).
cnf(typing_82_105, axiom, (c_FuncTree(r_2))).
cnf(typing_82_106, axiom, (~c_Pair(r_2))).
cnf(stmt_83_107, axiom, (~c_Object_alloc_4(X0) | X0 = r_2 | c_Object_alloc_3(X0))).
cnf(stmt_83_108, axiom, (X0 != r_2 | c_Object_alloc_4(X0))).
cnf(stmt_83_109, axiom, (~c_Object_alloc_3(X0) | c_Object_alloc_4(X0))).
cnf(stmt_84_110, axiom, (X0 != r_2 | c_FuncTree_key_5(X0) = int_0)).
cnf(stmt_84_111, axiom, (X0 = r_2 | c_FuncTree_key_5(X0) = c_FuncTree_key_4(X0))).
cnf(stmt_85_112, axiom, (X0 != r_2 | c_FuncTree_data_5(X0) = null)).
cnf(stmt_85_113, axiom, (X0 = r_2 | c_FuncTree_data_5(X0) = c_FuncTree_data_4(X0))).
cnf(stmt_86_114, axiom, (X0 != r_2 | c_FuncTree_left_5(X0) = null)).
cnf(stmt_86_115, axiom, (X0 = r_2 | c_FuncTree_left_5(X0) = c_FuncTree_left_4(X0))).
cnf(stmt_87_116, axiom, (X0 != r_2 | c_FuncTree_right_5(X0) = null)).
cnf(stmt_87_117, axiom, (X0 = r_2 | c_FuncTree_right_5(X0) = c_FuncTree_right_4(X0))).
cnf(stmt_88_118, axiom, (~c_FuncTree_content_5(X0,X1,X2) | X0 != r_2)).
cnf(stmt_88_119, axiom, (~c_FuncTree_content_5(X0,X1,X2) | X0 = r_2 | c_FuncTree_content_4(X0,X1,X2))).
cnf(stmt_88_120, axiom, (X0 = r_2 | ~c_FuncTree_content_4(X0,X1,X2) | c_FuncTree_content_5(X0,X1,X2))).
cnf(heap_89_121, axiom, (c_Object_alloc_4(null))).
cnf(typing_90_122, axiom, (~c_Object_alloc_4(X0) | c_Object_alloc_4(c_Pair_data(X0)))).
cnf(typing_91_123, axiom, (~c_Object_alloc_4(X0) | c_Object_alloc_4(c_FuncTree_data_5(X0)))).
cnf(typing_92_124, axiom, (~c_Object_alloc_4(X0) | c_Object_alloc_4(c_FuncTree_left_5(X0)))).
cnf(typing_93_125, axiom, (c_FuncTree(c_FuncTree_left_5(X0)))).
cnf(typing_94_126, axiom, (~c_Object_alloc_4(X0) | c_Object_alloc_4(c_FuncTree_right_5(X0)))).
cnf(typing_95_127, axiom, (c_FuncTree(c_FuncTree_right_5(X0)))).
cnf(assume_96_128, axiom, (c_FuncTree_add1_t != null)).
cnf(stmt_97_129, axiom, (X0 != r_2 | c_FuncTree_data_6(X0) = c_FuncTree_data_5(c_FuncTree_add1_t))).
cnf(stmt_97_130, axiom, (X0 = r_2 | c_FuncTree_data_6(X0) = c_FuncTree_data_5(X0))).
cnf(typing_98_131, axiom, (~c_Object_alloc_4(X0) | c_Object_alloc_4(c_FuncTree_data_6(X0)))).
cnf(assume_99_132, axiom, (c_FuncTree_add1_t != null)).
cnf(stmt_100_133, axiom, (X0 != r_2 | c_FuncTree_key_6(X0) = c_FuncTree_key_5(c_FuncTree_add1_t))).
cnf(stmt_100_134, axiom, (X0 = r_2 | c_FuncTree_key_6(X0) = c_FuncTree_key_5(X0))).
cnf(stmt_101_135, axiom, (X0 != r_2 | c_FuncTree_left_6(X0) = new_left_1)).
cnf(stmt_101_136, axiom, (X0 = r_2 | c_FuncTree_left_6(X0) = c_FuncTree_left_5(X0))).
cnf(typing_102_137, axiom, (~c_Object_alloc_4(X0) | c_Object_alloc_4(c_FuncTree_left_6(X0)))).
cnf(typing_103_138, axiom, (c_FuncTree(c_FuncTree_left_6(X0)))).
cnf(stmt_104_139, axiom, (X0 != r_2 | c_FuncTree_right_6(X0) = new_right_1)).
cnf(stmt_104_140, axiom, (X0 = r_2 | c_FuncTree_right_6(X0) = c_FuncTree_right_5(X0))).
cnf(typing_105_141, axiom, (~c_Object_alloc_4(X0) | c_Object_alloc_4(c_FuncTree_right_6(X0)))).
cnf(typing_106_142, axiom, (c_FuncTree(c_FuncTree_right_6(X0)))).
cnf(stmt_107_143, axiom, (~c_FuncTree_content_6(X0,X1,X2) | X0 != r_2 | c_FuncTree_content_5(c_FuncTree_add1_t,X1,X2) | X1 = c_FuncTree_add1_k)).
cnf(stmt_107_144, axiom, (~c_FuncTree_content_6(X0,X1,X2) | X0 != r_2 | c_FuncTree_content_5(c_FuncTree_add1_t,X1,X2) | X2 = c_FuncTree_add1_v)).
cnf(stmt_107_145, axiom, (~c_FuncTree_content_6(X0,X1,X2) | X0 = r_2 | c_FuncTree_content_5(X0,X1,X2))).
cnf(stmt_107_146, axiom, (X0 = r_2 | ~c_FuncTree_content_5(X0,X1,X2) | c_FuncTree_content_6(X0,X1,X2))).
cnf(stmt_107_147, axiom, (~c_FuncTree_content_5(c_FuncTree_add1_t,X0,X1) | X2 != r_2 | c_FuncTree_content_6(X2,X0,X1))).
cnf(stmt_107_148, axiom, (~c_FuncTree_content_5(c_FuncTree_add1_t,X0,X1) | ~c_FuncTree_content_5(X2,X0,X1) | c_FuncTree_content_6(X2,X0,X1))).
cnf(stmt_107_149, axiom, (X0 != c_FuncTree_add1_k | X1 != c_FuncTree_add1_v | X2 != r_2 | c_FuncTree_content_6(X2,X0,X1))).
cnf(stmt_107_150, axiom, (X0 != c_FuncTree_add1_k | X1 != c_FuncTree_add1_v | ~c_FuncTree_content_5(X2,X0,X1) | c_FuncTree_content_6(X2,X0,X1))).
cnf(stmt_108_151, axiom, (result_4 = r_2)).
cnf(int_literal_order_152, axiom, (int_less(int_0,int_1))).
cnf('FuncTree.add1:28_153', negated_conjecture, (c_Object_alloc_4(sk0))).
cnf('FuncTree.add1:28_154', negated_conjecture, (c_FuncTree(sk0))).
cnf('FuncTree.add1:28_155', negated_conjecture, (c_FuncTree_content_6(c_FuncTree_left_6(sk0),sk1,sk2))).
cnf('FuncTree.add1:28_156', negated_conjecture, (~int_less(sk1,c_FuncTree_key_6(sk0)))).
