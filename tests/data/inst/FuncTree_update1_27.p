% sequent FuncTree.update1:27
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
cnf(pre_12_43, axiom, (c_FuncTree_update1_v != null)).
cnf(inv_13_44, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_13_45, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_13_46, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_13_47, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_13_48, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_14_49, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(inv_15_50, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(inv_16_51, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(inv_17_52, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(typing_18_53, axiom, (c_Object_alloc(c_FuncTree_update1_v))).
cnf(typing_19_54, axiom, (c_Object_alloc(c_FuncTree_update1_t))).
cnf(typing_20_55, axiom, (c_FuncTree(c_FuncTree_update1_t))).
cnf(branch_51_56, axiom, (c_FuncTree_update1_t != null)).
cnf(assume_52_57, axiom, (c_FuncTree_update1_t != null)).
cnf(branch_53_58, axiom, (int_less(c_FuncTree_update1_k,c_FuncTree_key(c_FuncTree_update1_t)))).
cnf(assume_54_59, axiom, (c_FuncTree_update1_t != null)).
cnf(call_55_60, axiom, (c_FuncTree_update1_v != null)).
cnf(call_56_61, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_56_62, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_56_63, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(call_56_64, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_56_65, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_57_66, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(call_58_67, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(call_59_68, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(call_60_69, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(call_61_70, axiom, (~c_Object_alloc(X0) | c_Object_alloc_9(X0))).
cnf(call_62_71, axiom, (~c_Object_alloc(X0) | c_FuncTree_key_13(X0) = c_FuncTree_key(X0))).
cnf(call_63_72, axiom, (~c_Object_alloc(X0) | c_FuncTree_data_13(X0) = c_FuncTree_data(X0))).
cnf(call_64_73, axiom, (~c_Object_alloc(X0) | c_FuncTree_left_13(X0) = c_FuncTree_left(X0))).
cnf(call_65_74, axiom, (~c_Object_alloc(X0) | c_FuncTree_right_13(X0) = c_FuncTree_right(X0))).
cnf(call_66_75, axiom, (~c_Object_alloc(X0) | ~c_FuncTree_content_13(X0,X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_66_76, axiom, (~c_Object_alloc(X0) | ~c_FuncTree_content(X0,X1,X2) | c_FuncTree_content_13(X0,X1,X2))).
cnf(call_67_77, axiom, (~c_FuncTree_content_13(new_left_4,X0,X1) | c_FuncTree_content_13(c_FuncTree_left(c_FuncTree_update1_t),X0,X1) | X0 = c_FuncTree_update1_k)).
cnf(call_67_78, axiom, (~c_FuncTree_content_13(new_left_4,X0,X1) | c_FuncTree_content_13(c_FuncTree_left(c_FuncTree_update1_t),X0,X1) | X1 = c_FuncTree_update1_v)).
cnf(call_67_79, axiom, (~c_FuncTree_content_13(new_left_4,X0,X1) | X0 != c_FuncTree_update1_k | X1 = c_FuncTree_update1_v)).
cnf(call_67_80, axiom, (~c_FuncTree_content_13(c_FuncTree_left(c_FuncTree_update1_t),X0,X1) | X0 = c_FuncTree_update1_k | c_FuncTree_content_13(new_left_4,X0,X1))).
cnf(call_67_81, axiom, (X0 != c_FuncTree_update1_k | X1 != c_FuncTree_update1_v | c_FuncTree_content_13(new_left_4,X0,X1))).
cnf(inv_68_82, axiom, (~c_Object_alloc_9(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_13(X0,X1,X2) | X1 = c_FuncTree_key_13(X0) | c_FuncTree_content_13(c_FuncTree_left_13(X0),X1,X2) | c_FuncTree_content_13(c_FuncTree_right_13(X0),X1,X2))).
cnf(inv_68_83, axiom, (~c_Object_alloc_9(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_13(X0,X1,X2) | X2 = c_FuncTree_data_13(X0) | c_FuncTree_content_13(c_FuncTree_left_13(X0),X1,X2) | c_FuncTree_content_13(c_FuncTree_right_13(X0),X1,X2))).
cnf(inv_68_84, axiom, (~c_Object_alloc_9(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key_13(X0) | X2 != c_FuncTree_data_13(X0) | c_FuncTree_content_13(X0,X1,X2))).
cnf(inv_68_85, axiom, (~c_Object_alloc_9(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_13(c_FuncTree_left_13(X0),X1,X2) | c_FuncTree_content_13(X0,X1,X2))).
cnf(inv_68_86, axiom, (~c_Object_alloc_9(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_13(c_FuncTree_right_13(X0),X1,X2) | c_FuncTree_content_13(X0,X1,X2))).
cnf(inv_69_87, axiom, (~c_Object_alloc_9(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content_13(X0,X1,X2))).
cnf(inv_70_88, axiom, (~c_Object_alloc_9(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data_13(X0) != null)).
cnf(inv_71_89, axiom, (~c_Object_alloc_9(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content_13(c_FuncTree_left_13(X0),X1,X2) | int_less(X1,c_FuncTree_key_13(X0)))).
cnf(inv_72_90, axiom, (~c_Object_alloc_9(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content_13(c_FuncTree_right_13(X0),X1,X2) | int_less(c_FuncTree_key_13(X0),X1))).
cnf(typing_73_91, axiom, (c_Object_alloc_9(new_left_4))).
cnf(typing_74_92, axiom, (c_FuncTree(new_left_4))).
cnf(heap_75_93, axiom, (c_Object_alloc_9(null))).
cnf(typing_76_94, axiom, (~c_Object_alloc_9(X0) | c_Object_alloc_9(c_Pair_data(X0)))).
cnf(typing_77_95, axiom, (~c_Object_alloc_9(X0) | c_Object_alloc_9(c_FuncTree_data_13(X0)))).
cnf(typing_78_96, axiom, (~c_Object_alloc_9(X0) | c_Object_alloc_9(c_FuncTree_left_13(X0)))).
cnf(typing_79_97, axiom, (c_FuncTree(c_FuncTree_left_13(X0)))).
cnf(typing_80_98, axiom, (~c_Object_alloc_9(X0) | c_Object_alloc_9(c_FuncTree_right_13(X0)))).
cnf(typing_81_99, axiom, (c_FuncTree(c_FuncTree_right_13(X0)))).
cnf(assume_82_100, axiom, (c_FuncTree_update1_t != null)).
cnf(stmt_83_101, axiom, (new_right_4 = c_FuncTree_right_13(c_FuncTree_update1_t))).
cnf(assume_84_102, axiom, (c_FuncTree_update1_t != null)).
cnf(stmt_85_103, axiom, (new_key_2 = c_FuncTree_key_13(c_FuncTree_update1_t))).
cnf(assume_86_104, axiom, (c_FuncTree_update1_t != null)).
cnf(stmt_87_105, axiom, (new_data_2 = c_FuncTree_data_13(c_FuncTree_update1_t))).
cnf(typing_88_106, axiom, (r_5 != null)).
cnf(typing_88_107, axiom, (~c_Object_alloc_9(r_5))).
cnf(typing_88_108, axiom, (c_FuncTree(r_5))).
cnf(typing_88_109, axiom, (~c_Pair(r_5))).
cnf(stmt_89_110, axiom, (~c_Object_alloc_10(X0) | X0 = r_5 | c_Object_alloc_9(X0))).
cnf(stmt_89_111, axiom, (X0 != r_5 | c_Object_alloc_10(X0))).
cnf(stmt_89_112, axiom, (~c_Object_alloc_9(X0) | c_Object_alloc_10(X0))).
cnf(stmt_90_113, axiom, (X0 != r_5 | c_FuncTree_key_14(X0) = int_0)).
cnf(stmt_90_114, axiom, (X0 = r_5 | c_FuncTree_key_14(X0) = c_FuncTree_key_13(X0))).
cnf(stmt_91_115, axiom, (X0 != r_5 | c_FuncTree_data_14(X0) = null)).
cnf(stmt_91_116, axiom, (X0 = r_5 | c_FuncTree_data_14(X0) = c_FuncTree_data_13(X0))).
cnf(stmt_92_117, axiom, (X0 != r_5 | c_FuncTree_left_14(X0) = null)).
cnf(stmt_92_118, axiom, (X0 = r_5 | c_FuncTree_left_14(X0) = c_FuncTree_left_13(X0))).
cnf(stmt_93_119, axiom, (X0 != r_5 | c_FuncTree_right_14(X0) = null)).
cnf(stmt_93_120, axiom, (X0 = r_5 | c_FuncTree_right_14(X0) = c_FuncTree_right_13(X0))).
cnf(stmt_94_121, axiom, (~c_FuncTree_content_14(X0,X1,X2) | X0 != r_5)).
cnf(stmt_94_122, axiom, (~c_FuncTree_content_14(X0,X1,X2) | X0 = r_5 | c_FuncTree_content_13(X0,X1,X2))).
cnf(stmt_94_123, axiom, (X0 = r_5 | ~c_FuncTree_content_13(X0,X1,X2) | c_FuncTree_content_14(X0,X1,X2))).
cnf(heap_95_124, axiom, (c_Object_alloc_10(null))).
cnf(typing_96_125, axiom, (~c_Object_alloc_10(X0) | c_Object_alloc_10(c_Pair_data(X0)))).
cnf(typing_97_126, axiom, (~c_Object_alloc_10(X0) | c_Object_alloc_10(c_FuncTree_data_14(X0)))).
cnf(typing_98_127, axiom, (~c_Object_alloc_10(X0) | c_Object_alloc_10(c_FuncTree_left_14(X0)))).
cnf(typing_99_128, axiom, (c_FuncTree(c_FuncTree_left_14(X0)))).
cnf(typing_100_129, axiom, (~c_Object_alloc_10(X0) | c_Object_alloc_10(c_FuncTree_right_14(X0)))).
cnf(typing_101_130, axiom, (c_FuncTree(c_FuncTree_right_14(X0)))).
cnf(stmt_102_131, axiom, (X0 != r_5 | c_FuncTree_left_15(X0) = new_left_4)).
cnf(stmt_102_132, axiom, (X0 = r_5 | c_FuncTree_left_15(X0) = c_FuncTree_left_14(X0))).
cnf(typing_103_133, axiom, (~c_Object_alloc_10(X0) | c_Object_alloc_10(c_FuncTree_left_15(X0)))).
cnf(typing_104_134, axiom, (c_FuncTree(c_FuncTree_left_15(X0)))).
cnf(stmt_105_135, axiom, (X0 != r_5 | c_FuncTree_right_15(X0) = new_right_4)).
cnf(stmt_105_136, axiom, (X0 = r_5 | c_FuncTree_right_15(X0) = c_FuncTree_right_14(X0))).
cnf(typing_106_137, axiom, (~c_Object_alloc_10(X0) | c_Object_alloc_10(c_FuncTree_right_15(X0)))).
cnf(typing_107_138, axiom, (c_FuncTree(c_FuncTree_right_15(X0)))).
cnf(stmt_108_139, axiom, (X0 != r_5 | c_FuncTree_data_15(X0) = new_data_2)).
cnf(stmt_108_140, axiom, (X0 = r_5 | c_FuncTree_data_15(X0) = c_FuncTree_data_14(X0))).
cnf(typing_109_141, axiom, (~c_Object_alloc_10(X0) | c_Object_alloc_10(c_FuncTree_data_15(X0)))).
cnf(stmt_110_142, axiom, (X0 != r_5 | c_FuncTree_key_15(X0) = new_key_2)).
cnf(stmt_110_143, axiom, (X0 = r_5 | c_FuncTree_key_15(X0) = c_FuncTree_key_14(X0))).
cnf(stmt_111_144, axiom, (~c_FuncTree_content_15(X0,X1,X2) | X0 != r_5 | c_FuncTree_content_14(c_FuncTree_update1_t,X1,X2) | X1 = c_FuncTree_update1_k)).
cnf(stmt_111_145, axiom, (~c_FuncTree_content_15(X0,X1,X2) | X0 != r_5 | c_FuncTree_content_14(c_FuncTree_update1_t,X1,X2) | X2 = c_FuncTree_update1_v)).
cnf(stmt_111_146, axiom, (~c_FuncTree_content_15(X0,X1,X2) | X0 != r_5 | X1 != c_FuncTree_update1_k | X2 = c_FuncTree_update1_v)).
cnf(stmt_111_147, axiom, (~c_FuncTree_content_15(X0,X1,X2) | X0 = r_5 | c_FuncTree_content_14(X0,X1,X2))).
cnf(stmt_111_148, axiom, (X0 = r_5 | ~c_FuncTree_content_14(X0,X1,X2) | c_FuncTree_content_15(X0,X1,X2))).
cnf(stmt_111_149, axiom, (~c_FuncTree_content_14(c_FuncTree_update1_t,X0,X1) | X0 = c_FuncTree_update1_k | X2 != r_5 | c_FuncTree_content_15(X2,X0,X1))).
cnf(stmt_111_150, axiom, (~c_FuncTree_content_14(c_FuncTree_update1_t,X0,X1) | X0 = c_FuncTree_update1_k | ~c_FuncTree_content_14(X2,X0,X1) | c_FuncTree_content_15(X2,X0,X1))).
cnf(stmt_111_151, axiom, (X0 != c_FuncTree_update1_k | X1 != c_FuncTree_update1_v | X2 != r_5 | c_FuncTree_content_15(X2,X0,X1))).
cnf(stmt_111_152, axiom, (X0 != c_FuncTree_update1_k | X1 != c_FuncTree_update1_v | ~c_FuncTree_content_14(X2,X0,X1) | c_FuncTree_content_15(X2,X0,X1))).
cnf(stmt_112_153, axiom, (result_8 = r_5)).
cnf(int_literal_order_154, axiom, (int_less(int_0,int_1))).
cnf('FuncTree.update1:27_155', negated_conjecture, (c_Object_alloc_10(sk0))).
cnf('FuncTree.update1:27_156', negated_conjecture, (c_FuncTree(sk0))).
cnf('FuncTree.update1:27_157', negated_conjecture, (c_FuncTree_content_15(c_FuncTree_left_15(sk0),sk1,sk2))).
cnf('FuncTree.update1:27_158', negated_conjecture, (~int_less(sk1,c_FuncTree_key_15(sk0)))).
